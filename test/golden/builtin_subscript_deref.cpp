// Subscript on an array and on a pointer, and dereference of a pointer,
// become primitive operations yielding lvalues (writes go through them).
// An array operand is passed as the array (hooks see `int[3]`, not a pointer).
// The index `0` is an int, not a null pointer constant.
// OUT: pre [](_, 1)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre [](ptr, 1)
// OUT-NEXT: post [] = 5
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 7
// OUT-NEXT: pre +(5, 7)
// OUT-NEXT: post + = 12
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

int index(int x) {
  int arr[3] = {0, 0, 0};
  arr[1] = x;
  int* p = arr;
  int s = p[1];
  *p = 7;
  return s + arr[0];
}
// CHECK-LABEL: cassette_twin_index(::cassette::Twin
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, arr, 1) = x;
// CHECK: int* p = arr;
// CHECK: int s = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, p, 1);
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::deref{}, p) = 7;
// CHECK: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, s, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, arr, 0));

int main() { return golden::run(CASSETTE_FN(index), 5); }

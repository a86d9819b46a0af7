// Unary -, ~ and ! become primitive operations; unary & (address-of) is not
// an operation on a value and stays as written.
// OUT: pre -(6)
// OUT-NEXT: post - = -6
// OUT-NEXT: pre ~(6)
// OUT-NEXT: post ~ = -7
// OUT-NEXT: pre !(6)
// OUT-NEXT: post ! = false
// OUT-NEXT: pre +(-6, -7)
// OUT-NEXT: post + = -13
// OUT-NEXT: pre +(-13, false)
// OUT-NEXT: post + = -13
// OUT-NEXT: pre !=(ptr, _)
// OUT-NEXT: post != = true
// OUT-NEXT: pre +(-13, true)
// OUT-NEXT: post + = -12
// OUT-NEXT: result -12 plain -12
#include "trace_context.hpp"

int unary(int a) {
  int n = -a;
  int c = ~a;
  bool z = !a;
  int* p = &a;
  return n + c + z + (p != nullptr);
}
// CHECK-LABEL: cassette_twin_unary(::cassette::Twin
// CHECK: int n = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::neg{}, a);
// CHECK: int c = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::bit_not{}, a);
// CHECK: bool z = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::logical_not{}, a);
// CHECK: int* p = &a;

int main() { return golden::run(CASSETTE_FN(unary), 6); }

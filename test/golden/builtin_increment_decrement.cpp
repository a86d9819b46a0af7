// Prefix and postfix ++/-- on scalars become primitive operations: prefix
// ones yield the updated lvalue, postfix ones the old value.
// OUT: pre ++(10)
// OUT-NEXT: post ++ = 11
// OUT-NEXT: pre ++ (postfix)(11)
// OUT-NEXT: post ++ (postfix) = 11
// OUT-NEXT: pre --(12)
// OUT-NEXT: post -- = 11
// OUT-NEXT: pre -- (postfix)(11)
// OUT-NEXT: post -- (postfix) = 11
// OUT: result 1044 plain 1044
#include "trace_context.hpp"

int incdec(int x) {
  int a = ++x;
  int b = x++;
  int c = --x;
  int d = x--;
  return a + b + c + d + x * 100;
}
// CHECK-LABEL: cassette_twin_incdec(::cassette::Twin
// CHECK: int a = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::pre_inc{}, x);
// CHECK: int b = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::post_inc{}, x);
// CHECK: int c = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::pre_dec{}, x);
// CHECK: int d = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::post_dec{}, x);

int main() { return golden::run(CASSETTE_FN(incdec), 10); }

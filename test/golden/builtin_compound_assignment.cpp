// Compound assignments become primitive operations on the lvalue (the op
// returns the lvalue, so the mutation happens exactly once); plain `=`
// is not intercepted.
// OUT: pre +=(1, 3)
// OUT-NEXT: post += = 4
// OUT-NEXT: pre *=(4, 2)
// OUT-NEXT: post *= = 8
// OUT-NEXT: pre <<=(8, 1)
// OUT-NEXT: post <<= = 16
// OUT-NEXT: pre |=(16, 1)
// OUT-NEXT: post |= = 17
// OUT-NEXT: pre +=(17, 1)
// OUT-NEXT: post += = 18
// OUT-NEXT: pre -=(18, 2)
// OUT-NEXT: post -= = 16
// OUT-NEXT: result 16 plain 16
#include "trace_context.hpp"

int compound(int x) {
  x += 3;
  x *= 2;
  x <<= 1;
  x |= 1;
  (x += 1) -= 2;
  int y = x;
  return y;
}
// CHECK-LABEL: cassette_twin_compound(::cassette::Twin
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, x, 3);
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul_assign{}, x, 2);
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::shl_assign{}, x, 1);
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::or_assign{}, x, 1);
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::sub_assign{}, (::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, x, 1)), 2);
// CHECK: int y = x;

int main() { return golden::run(CASSETTE_FN(compound), 1); }

// A floating multiplication that an addition or subtraction takes in the
// same expression may be contracted with it into one fused multiply-add
// (clang's default, -ffp-contract=on): the product becomes call_op_product
// and the addition call_op_sum. Under a context without hooks the product
// keeps its operands, so that the addition computes `a * b + c` as one
// expression and is contracted where the original is; under this tracing
// context it is the multiplication, hooked as before. Not a product: one
// converted before it is added, an integer one, one where contraction is off.
// OUT: pre *(2, 3)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre +(6, 4)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre *(2, 3)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre -(4, 6)
// OUT-NEXT: post - = -2
// OUT-NEXT: pre *(2, 4)
// OUT-NEXT: post * = 8
// OUT-NEXT: pre +=(-2, 8)
// OUT-NEXT: post += = 6
// OUT-NEXT: pre *(0.5, 0.5)
// OUT-NEXT: post * = 0.25
// OUT-NEXT: pre +(6, 0.25)
// OUT-NEXT: post + = 6.25
// OUT-NEXT: pre *(3, 3)
// OUT-NEXT: post * = 9
// OUT-NEXT: pre +(9, 3)
// OUT-NEXT: post + = 12
// OUT-NEXT: pre +(6.25, 12)
// OUT-NEXT: post + = 18.25
// OUT-NEXT: pre uncontracted(2, 3, 4)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT:   pre +(6, 4)
// OUT-NEXT:   post + = 10
// OUT-NEXT: post uncontracted = 10
// OUT-NEXT: pre +(18.25, 10)
// OUT-NEXT: post + = 28.25
// OUT-NEXT: result 28.25 plain 28.25
#include "trace_context.hpp"

double uncontracted(double a, double b, double c) {
#pragma clang fp contract(off)
  return a * b + c;
}
// CHECK-LABEL: cassette_twin_uncontracted(
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, a, b), c)

double mix(double a, double b, double c) {
  double s = a * b + c;
  s = c - a * b;
  s += (a * c);
  float f = 0.5f;
  s = s + f * f;
  int n = 3;
  return s + (n * n + n) + uncontracted(a, b, c);
}
// CHECK-LABEL: cassette_twin_mix(
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op_product(cassette_ctx_, a, b), c)
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::sub{}, c, ::cassette::rt::call_op_product(cassette_ctx_, a, b))
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::add_assign{}, s, (::cassette::rt::call_op_product(cassette_ctx_, a, c)))
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, s, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, f, f))
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, n, n), n)

int main() { return golden::run(CASSETTE_FN(mix), 2.0, 3.0, 4.0); }

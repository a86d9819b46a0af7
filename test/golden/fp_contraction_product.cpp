// A floating multiplication that an addition or subtraction takes in the
// same expression may be contracted with it into one fused multiply-add
// (clang's default, -ffp-contract=on): the product becomes call_op_product
// and the addition call_op_sum. Under a context without hooks the product
// keeps its operands, so that the addition computes `a * b + c` as one
// expression and is contracted where the original is; under this tracing
// context it is the multiplication, hooked as before. An assignment whose
// operands come right first (C++17) takes the product too. Not a product: one
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
// OUT-NEXT: pre *(2, 4)
// OUT-NEXT: post * = 8
// OUT-NEXT: pre pick(0)
// OUT-NEXT: post pick = 0
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 6
// OUT-NEXT: pre +=(6, 8)
// OUT-NEXT: post += = 14
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 14
// OUT-NEXT: pre *(0.5, 0.5)
// OUT-NEXT: post * = 0.25
// OUT-NEXT: pre +(14, 0.25)
// OUT-NEXT: post + = 14.25
// OUT-NEXT: pre *(3, 3)
// OUT-NEXT: post * = 9
// OUT-NEXT: pre +(9, 3)
// OUT-NEXT: post + = 12
// OUT-NEXT: pre +(14.25, 12)
// OUT-NEXT: post + = 26.25
// OUT-NEXT: pre uncontracted(2, 3, 4)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT:   pre +(6, 4)
// OUT-NEXT:   post + = 10
// OUT-NEXT: post uncontracted = 10
// OUT-NEXT: pre +(26.25, 10)
// OUT-NEXT: post + = 36.25
// OUT-NEXT: result 36.25 plain 36.25
#include "trace_context.hpp"

double uncontracted(double a, double b, double c) {
#pragma clang fp contract(off)
  return a * b + c;
}
// CHECK-LABEL: cassette_twin_uncontracted(
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, a, b), c)

static int pick(int i) { return i; }

double mix(double a, double b, double c) {
  double s = a * b + c;
  s = c - a * b;
  s += (a * c);
  double cell[2] = {s, 0};
  cell[pick(0)] += a * c;  // C++17: the right operand first
  s = cell[0];
  float f = 0.5f;
  s = s + f * f;
  int n = 3;
  return s + (n * n + n) + uncontracted(a, b, c);
}
// CHECK-LABEL: cassette_twin_mix(
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op_product(cassette_ctx_, a, b), c)
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::sub{}, c, ::cassette::rt::call_op_product(cassette_ctx_, a, b))
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::add_assign{}, s, (::cassette::rt::call_op_product(cassette_ctx_, a, c)))
// CHECK: ::cassette::rt::call_op_sum(cassette_ctx_, ::cassette::op::add_assign{}, ::cassette::rt::right_first{::cassette::rt::call_op_product(cassette_ctx_, a, c), ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, cell, {{.*}}pick{{.*}})})
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, s, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, f, f))
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, n, n), n)

int main() { return golden::run(CASSETTE_FN(mix), 2.0, 3.0, 4.0); }

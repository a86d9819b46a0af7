// A constant in a braced list that converts with a narrowing conversion
// (`{ -3, 128 }` for doubles) must stay a constant, so its operators are not
// intercepted; elements that do not narrow are rewritten as usual.
#include "trace_context.hpp"

struct Point {
  double x, y;
};

int coefficient(int i) {
  static const double coeff[] = {-3, 128, 2 * 4};
  // CHECK: static const double coeff[] = {-3, 128, 2 * 4};
  Point p = {-1, i + 0.5};
  // CHECK-LABEL: cassette_twin_coefficient(::cassette::Twin
  // CHECK: Point p = {-1, ::cassette::rt::call_op({{.*}}i, 0.5)};
  double d[] = {1.5, -2.5};
  // CHECK: double d[] = {1.5, ::cassette::rt::call_op(
  // A scalar's braced list has one form, holding the conversion itself.
  int n = int{sizeof(coeff) / sizeof(coeff[0])};
  // CHECK: int n = int{sizeof(coeff) / sizeof(coeff[0])};
  return static_cast<int>(coeff[i] + p.x + p.y + d[1]) + n - 3;
}

int main() { return golden::run(CASSETTE_FN(coefficient), 1); }
// OUT: pre +(1, 0.5)
// OUT-NEXT: post + = 1.5
// OUT-NEXT: pre -(2.5)
// OUT-NEXT: post - = -2.5
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = 128
// OUT-NEXT: pre +(128, -1)
// OUT-NEXT: post + = 127
// OUT-NEXT: pre +(127, 1.5)
// OUT-NEXT: post + = 128.5
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = -2.5
// OUT-NEXT: pre +(128.5, -2.5)
// OUT-NEXT: post + = 126
// OUT-NEXT: pre +(126, 3)
// OUT-NEXT: post + = 129
// OUT-NEXT: pre -(129, 3)
// OUT-NEXT: post - = 126
// OUT-NEXT: result 126 plain 126

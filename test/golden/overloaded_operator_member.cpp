// An overloaded operator declared as a member function: `a + b` becomes a
// call whose twin invoker calls the member twin on the left operand.
// OUT: pre V::operator+(_, _)
// OUT-NEXT:   pre +(2, 5)
// OUT-NEXT:   post + = 7
// OUT-NEXT: post V::operator+ = _
// OUT-NEXT: result 7 plain 7
#include "trace_context.hpp"

struct V {
  int x;
  V operator+(const V& o) const { return V{x + o.x}; }
  // CHECK-LABEL: cassette_twin_operator_Plus(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, const V& o) const
};

int use(int n) {
  V a{n}, b{5};
  V c = a + b;
  return c.x;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"V::operator+">({{[^)]*}}),
// CHECK-SAME: ::V::cassette_calls_operator_Plus{}, ::V::cassette_twincalls_operator_Plus{}, a, b)

int main() { return golden::run(CASSETTE_FN(use), 2); }

// An overloaded operator declared as a namespace-scope function: the twin is
// called qualified by its namespace, as the original was found there.
// OUT: pre geo::operator*(_, _)
// OUT-NEXT:   pre *(3, 4)
// OUT-NEXT:   post * = 12
// OUT-NEXT: post geo::operator* = _
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

namespace geo {
struct V {
  int x;
};
V operator*(const V& a, const V& b) { return V{a.x * b.x}; }
// CHECK-LABEL: cassette_twin_operator_Star(::cassette::Twin
// CHECK-SAME: cassette_ctx_, const V& a, const V& b)
}  // namespace geo

int use(int n) {
  geo::V a{n}, b{4};
  geo::V c = a * b;
  return c.x;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"geo::operator*">({{[^)]*}}),
// CHECK-SAME: {{.*}} { return ::geo::cassette_twin_operator_Star(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, a, b)

int main() { return golden::run(CASSETTE_FN(use), 3); }

// An overloaded operator defined as a hidden friend is found only by
// argument-dependent lookup, so its twin is called unqualified (also a
// hidden friend, found the same way).
// OUT: pre ns::operator==(_, _)
// OUT-NEXT:   pre ==(4, 4)
// OUT-NEXT:   post == = true
// OUT-NEXT: post ns::operator== = true
// OUT-NEXT: result true plain true
#include "trace_context.hpp"

namespace ns {
struct Id {
  int v;
  friend bool operator==(const Id& a, const Id& b) { return a.v == b.v; }
  // CHECK: friend bool operator==(const Id& a, const Id& b) { return a.v == b.v; }
  // CHECK-LABEL: cassette_twin_operator_EqualEqual(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, const Id& a, const Id& b)
};
}  // namespace ns

bool use(int n) {
  ns::Id a{n}, b{4};
  return a == b;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: { return cassette_twin_operator_EqualEqual(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, a, b)

int main() { return golden::run(CASSETTE_FN(use), 4); }

// A braced-init-list argument `f({1, 2})` cannot travel through a forwarding
// reference, so it is evaluated inside the invokers exactly as written (the
// callee's parameter type gives it meaning); the hooks do not see it.
// OUT: pre sum()
// OUT-NEXT:   pre +(4, 2)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post sum = 6
// OUT-NEXT: pre dot(_)
// OUT-NEXT:   pre *(1, 3)
// OUT:      post dot = 11
// OUT-NEXT: pre +(6, 11)
// OUT-NEXT: post + = 17
// OUT-NEXT: result 17 plain 17
#include "trace_context.hpp"

struct P {
  int a, b;
};

int sum(P p) { return p.a + p.b; }
int dot(P p, P q) { return p.a * q.a + p.b * q.b; }

int use(int x) {
  P q{3, 4};
  return sum({x, 2}) + dot({1, 2}, q);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: [&]() -> decltype(auto) { return sum({x, 2}); },
// CHECK-SAME: [&](auto& cassette_t) -> decltype(auto) { return cassette_twin_sum(cassette_t, {x, 2}); })
// CHECK: [&](auto&& cassette_a1) -> decltype(auto) { return dot({1, 2}, CASSETTE_FWD(cassette_a1)); }

int main() { return golden::run(CASSETTE_FN(use), 4); }

// An unqualified call found by argument-dependent lookup: the twin, declared
// beside the original in the argument's namespace, is found the same way.
// OUT: pre store::weight(_)
// OUT-NEXT:   pre *(6, 3)
// OUT-NEXT:   post * = 18
// OUT-NEXT: post store::weight = 18
// OUT-NEXT: result 18 plain 18
#include "trace_context.hpp"

namespace store {
struct Item {
  int count;
};
int weight(const Item& i) { return i.count * 3; }
// CHECK-LABEL: cassette_twin_weight(::cassette::Twin
// CHECK-SAME: cassette_ctx_, const Item& i)
}  // namespace store

int use(int n) {
  store::Item it{n};
  return weight(it);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: [&](auto&& cassette_a0) -> decltype(auto) { return weight(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return cassette_twin_weight(cassette_t, CASSETTE_FWD(cassette_a0)); }, it)

int main() { return golden::run(CASSETTE_FN(use), 6); }

// A member function template of a class, called with a deduced and an
// explicit template argument, reaches the twin member template.
// OUT: pre Scaler::scale(_, 4)
// OUT-NEXT:   pre *(4, 3)
// OUT-NEXT:   post * = 12
// OUT-NEXT: post Scaler::scale = 12
// OUT-NEXT: pre Scaler::scale(_, 4)
// OUT-NEXT:   pre *(4, 3)
// OUT-NEXT:   post * = 12
// OUT-NEXT: post Scaler::scale = 12
// OUT-NEXT: pre +(12, 12)
// OUT-NEXT: post + = 24
// OUT-NEXT: result 24 plain 24
#include "trace_context.hpp"

struct Scaler {
  int factor;
  template <class T> T scale(T x) const { return x * factor; }
  // CHECK-LABEL: cassette_twin_scale(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, T x) const
};

long use(int x) {
  Scaler s{3};
  return s.scale(x) + s.scale<long>(x);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: CASSETTE_FWD(cassette_a0).cassette_twin_scale(cassette_t, CASSETTE_FWD(cassette_a1)); }, s, x)
// CHECK: CASSETTE_FWD(cassette_a0).template cassette_twin_scale<long>(cassette_t, CASSETTE_FWD(cassette_a1)); }, s, x)

int main() { return golden::run(CASSETTE_FN(use), 4); }

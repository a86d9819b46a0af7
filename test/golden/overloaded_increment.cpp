// Overloaded prefix and postfix ++: each reaches the twin of the right
// overload (the postfix twin gets the dummy int argument). `*this` is a
// builtin dereference of `this` and is intercepted like any other.
// OUT: pre Counter::operator++(_)
// OUT-NEXT:   pre +=(1, 1)
// OUT-NEXT:   post += = 2
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Counter::operator++ = _
// OUT-NEXT: pre Counter::operator++(_)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre Counter::operator++(_)
// OUT-NEXT:     pre +=(2, 1)
// OUT-NEXT:     post += = 3
// OUT-NEXT:     pre *(ptr)
// OUT-NEXT:     post * = _
// OUT-NEXT:   post Counter::operator++ = _
// OUT-NEXT: post Counter::operator++ = _
// OUT-NEXT: pre *(2, 10)
// OUT-NEXT: post * = 20
// OUT-NEXT: pre +(20, 3)
// OUT-NEXT: post + = 23
// OUT-NEXT: result 23 plain 23
#include "trace_context.hpp"

struct Counter {
  int n;
  Counter& operator++() {
    n += 1;
    return *this;
  }
  // CHECK-LABEL: Counter& cassette_twin_operator_PlusPlus(::cassette::Twin
  // CHECK-SAME: cassette_ctx_)
  Counter operator++(int) {
    Counter old = *this;
    ++*this;
    return old;
  }
  // CHECK-LABEL: Counter cassette_twin_operator_PlusPlus(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, int)
};

int use(int start) {
  Counter c{start};
  ++c;
  Counter old = c++;
  return old.n * 10 + c.n;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::Counter::cassette_calls_operator_PlusPlus{}, ::Counter::cassette_twincalls_operator_PlusPlus{}, c)
// CHECK: { return (CASSETTE_FWD(cassette_a0))++; },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
// CHECK-SAME: return CASSETTE_FWD(cassette_a0).cassette_twin_operator_PlusPlus(cassette_t, 0); }, c)

int main() { return golden::run(CASSETTE_FN(use), 1); }

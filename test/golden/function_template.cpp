// A function template called with deduced and with explicit template
// arguments reaches the twin template; explicit arguments are kept on the twin.
// OUT: pre twice(3)
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre convert(2.5)
// OUT-NEXT: post convert = 2
// OUT-NEXT: pre +(6, 2)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include "trace_context.hpp"

template <class T> T twice(T x) { return x + x; }
// CHECK: template <class T> T twice(T x) { return x + x; }
// CHECK-LABEL: cassette_twin_twice(::cassette::Twin
// CHECK-SAME: cassette_ctx_, T x)
template <class To, class From> To convert(From f) { return static_cast<To>(f); }
// CHECK: template <class To, class From> To convert(From f) { return static_cast<To>(f); }
// CHECK-LABEL: cassette_twin_convert(::cassette::Twin
// CHECK-SAME: , From f)

long use(int x) {
  double y = 2.5;
  return twice(x) + convert<long>(y);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: return cassette_twin_twice(cassette_t, CASSETTE_FWD(cassette_a0)); }, x)
// CHECK: return convert<long>(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return cassette_twin_convert<long>(cassette_t, CASSETTE_FWD(cassette_a0)); }, y)

int main() { return golden::run(CASSETTE_FN(use), 3); }

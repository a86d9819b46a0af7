// A class with a constructor template that deduces each of its parameters
// (glm's `template <typename A, typename B> vec(A x, B y)`) beside the
// constructor a site calls with a converted argument (`vec2<float> v(n)`,
// int to float, through `explicit vec2(T)`): the call of the twin
// constructor, `vec2<float>(cassette_t, n)`, would pick the template, which
// takes the context slot as its `A` exactly, where the twin needs a
// conversion. An arithmetic argument is passed to the twin as its
// parameter's type: then the twin, more specialized, is chosen.
// CHECK: { return std::remove_cv_t<decltype(v)>(cassette_t, static_cast<float>(CASSETTE_FWD(cassette_a0))); }, n));
// OUT: pre geo::vec2::vec2(3)
// OUT-NEXT:   pre geo::scaled(3)
// OUT-NEXT:     pre *(3, 10)
// OUT-NEXT:     post * = 30
// OUT-NEXT:   post geo::scaled = 30
// OUT-NEXT: post geo::vec2::vec2 = _
// OUT-NEXT: pre geo::vec2::vec2(3, 2.5)
// OUT-NEXT: post geo::vec2::vec2 = _
// OUT-NEXT: pre +(30, 3)
// OUT-NEXT: post + = 33
// OUT-NEXT: pre +(33, 3)
// OUT-NEXT: post + = 36
// OUT-NEXT: pre +(36, 2.5)
// OUT-NEXT: post + = 38.5
// OUT-NEXT: result 38 plain 38
#include "trace_context.hpp"

namespace geo {
inline int scaled(int s) { return s * 10; }
template <class T>
struct vec2 {
  T x, y;
  explicit vec2(T s) : x(static_cast<T>(scaled(static_cast<int>(s)))), y(s) {}
  template <class A, class B>
  vec2(A a, B b) : x(static_cast<T>(a)), y(static_cast<T>(b)) {}
};
}  // namespace geo

int use(int n) {
  geo::vec2<float> v(n);
  geo::vec2<float> w(n, 2.5);
  return static_cast<int>(v.x + v.y + w.x + w.y);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A class with a constructor template that deduces each of its parameters
// (glm's `template <typename A, typename B> vec(A x, B y)`) beside the
// constructor a site calls with a converted argument (`vec2<float> v(n)`,
// int to float, through `explicit vec2(T)`): the call of the twin
// constructor, `vec2<float>(cassette_t, n)`, would pick the template, which
// takes the context slot as its `A` exactly, where the twin needs a
// conversion. The same for a `const char*` given to a `const Name&`. An
// argument is passed to the twin as its parameter's type (the conversion or
// the binding the call makes): then the twin, more specialized, is chosen.
// CHECK: { return std::remove_cv_t<decltype(v)>(cassette_t, static_cast<float>(CASSETTE_FWD(cassette_a0))); }, n));
// CHECK: decltype(u)>(cassette_t, static_cast<const ::geo::Name &>(CASSETTE_FWD(cassette_a0)));
// OUT: pre geo::vec2::vec2(3)
// OUT-NEXT:   pre geo::scaled(3)
// OUT-NEXT:     pre *(3, 10)
// OUT-NEXT:     post * = 30
// OUT-NEXT:   post geo::scaled = 30
// OUT-NEXT: post geo::vec2::vec2 = _
// OUT-NEXT: pre geo::vec2::vec2(3, 2.5)
// OUT-NEXT: post geo::vec2::vec2 = _
// OUT-NEXT: pre geo::vec2::vec2(_)
// OUT-NEXT:   pre geo::scaled(4)
// OUT-NEXT:     pre *(4, 10)
// OUT-NEXT:     post * = 40
// OUT-NEXT:   post geo::scaled = 40
// OUT-NEXT: post geo::vec2::vec2 = _
// OUT-NEXT: pre +(30, 3)
// OUT-NEXT: post + = 33
// OUT-NEXT: pre +(33, 3)
// OUT-NEXT: post + = 36
// OUT-NEXT: pre +(36, 2.5)
// OUT-NEXT: post + = 38.5
// OUT-NEXT: pre +(38.5, 40)
// OUT-NEXT: post + = 78.5
// OUT-NEXT: result 78 plain 78
#include "trace_context.hpp"

namespace geo {
inline int scaled(int s) { return s * 10; }
struct Name {
  int length;
  Name(const char* s) : length(s ? 4 : 0) {}
};
template <class T>
struct vec2 {
  T x, y;
  explicit vec2(T s) : x(static_cast<T>(scaled(static_cast<int>(s)))), y(s) {}
  explicit vec2(const Name& n) : x(static_cast<T>(scaled(n.length))), y(0) {}
  template <class A, class B>
  vec2(A a, B b) : x(static_cast<T>(a)), y(static_cast<T>(b)) {}
};
}  // namespace geo

int use(int n) {
  geo::vec2<float> v(n);
  geo::vec2<float> w(n, 2.5);
  geo::vec2<float> u("abcd");
  return static_cast<int>(v.x + v.y + w.x + w.y + u.x);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

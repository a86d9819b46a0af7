// `new vec2<float>(n)` through `explicit vec2(T)` beside a constructor
// template that deduces each of its parameters: the twin's `new
// vec2<float>(cassette_t, n)` would pick the template, which takes the
// context slot and the int exactly where the twin needs int to float. The
// argument goes to the twin as its parameter's type, as a construction's.
// With the cast left out of the rewritten output by hand, `use` returns -2000, not 33.
// CHECK: new geo::vec2<float>(cassette_t, static_cast<float>(CASSETTE_FWD(cassette_a0)));
// OUT: pre new geo::vec2(3)
// OUT-NEXT:   pre geo::scaled(3)
// OUT-NEXT:     pre *(3, 10)
// OUT-NEXT:     post * = 30
// OUT-NEXT:   post geo::scaled = 30
// OUT-NEXT: post new geo::vec2 = ptr
// OUT-NEXT: pre std::unique_ptr::unique_ptr(ptr)
// OUT-NEXT: post std::unique_ptr::unique_ptr = _
// OUT-NEXT: pre +(30, 3)
// OUT-NEXT: post + = 33
// OUT-NEXT: result 33 plain 33
#include <memory>

#include "trace_context.hpp"

namespace geo {
inline int scaled(int s) { return s * 10; }
template <class T>
struct vec2 {
  T x, y;
  explicit vec2(T s) : x(static_cast<T>(scaled(static_cast<int>(s)))), y(s) {}
  template <class A, class B>
  vec2(A, B) : x(-1000), y(-1000) {}
};
}  // namespace geo

int use(int n) {
  std::unique_ptr<geo::vec2<float>> v(new geo::vec2<float>(n));
  return static_cast<int>(v->x + v->y);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// `new const T(...)`: the rewritten new-expression keeps the `const` (a
// TypeLoc's range leaves a leading qualifier out), so the expression's type,
// and what `auto` deduces from it, stay those of the original.
// OUT: pre new Point(3, 4)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post new Point = ptr
// OUT-NEXT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include <type_traits>

#include "trace_context.hpp"

struct Point {
  int x, y;
  Point(int a, int b) : x(a + 1), y(b) {}
};

int use(int a) {
  auto p = new const Point(a, 4);
  static_assert(std::is_same_v<decltype(p), const Point*>);
  int r = p->x + p->y;
  delete p;
  return r;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: auto p = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"new Point">
// CHECK-SAME: return new const Point(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }
// CHECK-SAME: return new const Point(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

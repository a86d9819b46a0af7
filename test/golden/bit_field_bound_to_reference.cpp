// A bit-field given to a `const T&` parameter whose result keeps the
// reference (Catch2's `REQUIRE(y.v == 0)`: `Decomposer() <= y.v` makes an
// ExprLhs holding `const unsigned&`). The reference binds to a temporary
// copy of the field; it is made where the call is written, as a prvalue of
// the field's type, so it lives to the end of the full expression as in the
// original (in the invoker it died when the invoker returned). A bit-field
// passed by value stays in the invoker (a narrow field promotes to int, a
// copy of its type does not).
// OUT: pre hold(5)
// OUT-NEXT:   pre Holder<T>(5)
// OUT-NEXT:   post Holder<T> = _
// OUT-NEXT: post hold = _
// OUT-NEXT: pre Holder::get(_)
// OUT-NEXT: post Holder::get = 5
// OUT-NEXT: pre pick()
// OUT-NEXT: post pick = 2
// OUT-NEXT: pre +(5, 2)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre -(7, 1)
// OUT-NEXT: post - = 6
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre +(6, 0)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include <cstdint>

#include "trace_context.hpp"

template <class T>
struct Holder {
  const T& ref;
  explicit Holder(const T& r) : ref(r) {}
  T get() const { return ref; }
};
template <class T>
Holder<T> hold(const T& v) {
  return Holder<T>(v);
}

struct Flags {
  std::uint32_t v : 3;
  std::uint32_t w : 5;
};

inline int pick(int) { return 1; }
inline int pick(unsigned) { return 2; }

int use(int x) {
  Flags f{5, 0};
  int scratch[16] = {};
  return int(hold(f.v).get()) + pick(f.w) - x + scratch[x];
}
// CHECK: static_cast<::uint32_t>(f.v)

int main() { return golden::run(CASSETTE_FN(use), 1); }

// A constructor declared in its class and defined out of line where every
// unit that uses it sees the definition: a class template's (Imath's
// `template <class T> constexpr inline Vec3<T>::Vec3(T a, T b, T c)`), or
// one defined `inline` or `constexpr`. No factory is declared for it:
// none would be defined (a factory is for constructors defined in one
// `.cpp`), and the runtime picks a declared factory over the twin
// constructor, so the program would not link.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre use(1)
// OUT-NEXT:   pre V::V(1)
// OUT-NEXT:   post V::V = _
// OUT-NEXT:   pre V::twice(_)
// OUT-NEXT:     pre +(1, 1)
// OUT-NEXT:     post + = 2
// OUT-NEXT:     pre V(2)
// OUT-NEXT:     post V = _
// OUT-NEXT:   post V::twice = _
// OUT-NEXT:   pre I::I(2)
// OUT-NEXT:   post I::I = _
// OUT-NEXT:   pre C::C(3)
// OUT-NEXT:   post C::C = _
// OUT-NEXT:   pre +(2, 2)
// OUT-NEXT:   post + = 4
// OUT-NEXT:   pre +(4, 3)
// OUT-NEXT:   post + = 7
// OUT-NEXT: post use = 7
// OUT-NEXT: pre -(7, 7)
// OUT-NEXT: post - = 0
#include "trace_context.hpp"
// CHECK-NOT: cassette_construct_

template <class T>
struct V {
  T x;
  constexpr V(T a) noexcept;
  V twice() const { return V(x + x); }
};
// CHECK: template <class CassetteCtx> inline V<T>::V(::cassette::Twin<CassetteCtx>, T a) noexcept : x(a) {}
template <class T>
constexpr inline V<T>::V(T a) noexcept : x(a) {}

struct I {
  int y;
  I(int v);
};
inline I::I(int v) : y(v) {}

struct C {
  int z;
  constexpr C(int v);
};
constexpr C::C(int v) : z(v) {}
// CHECK-NOT: cassette_construct_

int use(int x) {
  V<int> v(x);
  I i(v.twice().x);
  C c(3);
  return i.y + i.y + c.z;
}

int main() { return use(1) - 7; }

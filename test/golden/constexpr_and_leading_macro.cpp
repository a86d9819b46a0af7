// A constexpr function, and an out-of-line member of a class template whose
// declaration begins with a macro (fmt's FMT_CONSTEXPR, FMT_CONSTEXPR20).
// Whole-program mode declares a free function's twin before the original,
// which forwards to it: that declaration is constexpr as the twin is (which
// keeps a constexpr that a macro gives, and drops a written one). The
// member's twin takes its context parameter after the class template's
// header, not before it.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre square(2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post square = 4
// OUT-NEXT: pre cube(0)
// OUT-NEXT:   pre square(0)
// OUT-NEXT:     pre *(0, 0)
// OUT-NEXT:     post * = 0
// OUT-NEXT:   post square = 0
// OUT-NEXT:   pre *(0, 0)
// OUT-NEXT:   post * = 0
// OUT-NEXT: post cube = 0
// OUT-NEXT: pre +(4, 0)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre Box::twice(_)
// OUT-NEXT:   pre +(4, 4)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post Box::twice = 8
// OUT-NEXT: pre ==(8, 8)
// OUT-NEXT: post == = true
#include "trace_context.hpp"

#define MY_CONSTEXPR constexpr

MY_CONSTEXPR int square(int x) { return x * x; }
// CHECK-LABEL: auto cassette_twin_square(::cassette::Twin
// CHECK-SAME: , int) -> int; MY_CONSTEXPR int square(int x) {
static_assert(square(3) == 9);
constexpr auto cube(int x) -> int { return x * square(x); }  // the twin drops a written constexpr
// CHECK: template <class CassetteCtx> auto cassette_twin_cube(::cassette::Twin<CassetteCtx>, int) -> int; constexpr auto cube(int x) -> int {
static_assert(cube(2) == 8);

template <class T>
struct Box {
  T v;
  MY_CONSTEXPR T twice() const;
};

template <class T>
MY_CONSTEXPR T Box<T>::twice() const {
  return v + v;
}
// CHECK: template <class T> template <class CassetteCtx>
// CHECK-NEXT: MY_CONSTEXPR T Box<T>::cassette_twin_twice(::cassette::Twin<CassetteCtx> cassette_ctx_) const {
static_assert(Box<int>{2}.twice() == 4);

int main() {
  Box<int> b{square(2) + cube(0)};
  return b.twice() == 8 ? 0 : 1;
}

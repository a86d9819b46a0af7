// An abbreviated function template (`auto f(auto x)`, C++20) writes no
// template header, and its template's begin is no location: the twin was
// refused as "declared by a macro". Its twin gets a `template <class
// CassetteCtx>` header of its own, to which the invented parameters are
// appended; one with a header and an `auto` parameter too.
// OUT: pre sum_all(1, 2, 3)
// OUT-NEXT: post sum_all = 6
// OUT-NEXT: pre scaled(1, 4)
// OUT-NEXT:   pre *(1, 4)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post scaled = 4
// OUT-NEXT: pre +(6, 4)
// OUT-NEXT: post + = 10
// OUT-NEXT: result 10 plain 10
#include "trace_context.hpp"

auto sum_all(auto... xs) { return (xs + ... + 0); }
template <class T>
T scaled(T v, auto factor) {
  return v * factor;
}
// CHECK: template <class CassetteCtx> auto cassette_twin_sum_all(::cassette::Twin<CassetteCtx>, auto... xs)
// CHECK: template <class T, class CassetteCtx>
// CHECK-NEXT: T cassette_twin_scaled(::cassette::Twin<CassetteCtx> cassette_ctx_, T v, auto factor)

int use(int x) { return sum_all(x, 2, 3) + scaled(x, 4); }

int main() { return golden::run(CASSETTE_FN(use), 1); }

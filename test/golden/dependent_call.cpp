// A call whose callee depends on a template parameter (`helper(v)` with v of
// type T) is resolved per instantiation: the twin invoker calls the twin if
// one is found for the instantiated arguments (helper(int), written in the
// tree), otherwise the original (outside::helper(Small), found by ADL and
// declared outside --root: a primitive). The choice is made at compile time
// with `requires`.
// OUT: pre apply(2)
// OUT-NEXT:   pre helper(2)
// OUT-NEXT:     pre +(2, 100)
// OUT-NEXT:     post + = 102
// OUT-NEXT:   post helper = 102
// OUT-NEXT: post apply = 102
// OUT-NEXT: pre apply(_)
// OUT-NEXT:   pre helper(_)
// OUT-NEXT:   post helper = _
// OUT-NEXT: post apply = _
// OUT-NEXT: pre +(102, 1)
// OUT-NEXT: post + = 103
// OUT-NEXT: result 103 plain 103
#include "trace_context.hpp"
#include "outside.hpp"

int helper(int v) { return v + 100; }

template <class T>
T apply(T v) {
  return helper(v);
}
// CHECK-LABEL: template <class T, class CassetteCtx>
// CHECK-NEXT: T cassette_twin_apply(::cassette::Twin<CassetteCtx> cassette_ctx_, T v)
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"helper">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return helper(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
// CHECK-SAME: if constexpr (requires { cassette_twin_helper(cassette_t, CASSETTE_FWD(cassette_a0)); })
// CHECK-SAME: return cassette_twin_helper(cassette_t, CASSETTE_FWD(cassette_a0)); else return helper(CASSETTE_FWD(cassette_a0)); }, v)

int use(int x) { return apply(x) + apply(outside::Small{1}).n; }

int main() { return golden::run(CASSETTE_FN(use), 2); }

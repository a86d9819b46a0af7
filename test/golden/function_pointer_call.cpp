// Calls through function pointers: the hooks see each one as
// `cassette::indirect` with the callable first, and when the pointer's target
// is a function of the tree, the target's twin runs (its calls are hooked).
// Where the twin takes the address (`&square`, `twice` decaying, `negate`
// bound to a reference), the address stays the original's and registers the
// twin for the context; the call through the pointer looks it up. A pointer
// to a function outside the tree (std::labs) runs it as a primitive.
// OUT: pre (indirect call)(ptr, 3)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post (indirect call) = 9
// OUT-NEXT: pre apply(3)
// OUT-NEXT:   pre (indirect call)(ptr, 3)
// OUT-NEXT:     pre +(3, 3)
// OUT-NEXT:     post + = 6
// OUT-NEXT:   post (indirect call) = 6
// OUT-NEXT: post apply = 6
// OUT-NEXT: pre +(9, 6)
// OUT-NEXT: post + = 15
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = ptr
// OUT-NEXT: pre -(3)
// OUT-NEXT: post - = -3
// OUT-NEXT: pre (indirect call)(ptr, -3)
// OUT-NEXT: post (indirect call) = 3
// OUT-NEXT: pre +(15, 3)
// OUT-NEXT: post + = 18
// OUT-NEXT: pre (indirect call)(_, 3)
// OUT-NEXT:   pre -(3)
// OUT-NEXT:   post - = -3
// OUT-NEXT: post (indirect call) = -3
// OUT-NEXT: pre +(18, -3)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include <cstdlib>

#include "trace_context.hpp"

using Op = long (*)(long);

long square(long x) { return x * x; }
long twice(long x) { return x + x; }
long negate(long x) { return -x; }
long apply(Op f, long x) { return f(x); }

long use(long x) {
  Op p = &square;
  long r = p(x) + apply(twice, x);
  Op table[] = {&square, std::labs};
  r = r + table[1](-x);
  long (&ref)(long) = negate;
  return r + ref(x);
}
// CHECK-LABEL: cassette_twin_use(
// Three calls through pointers pass one invoker, declared once at the top of the body.
// CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_invokes_indirect = [](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) {
// CHECK-SAME: return CASSETTE_FWD(cassette_a0)(CASSETTE_FWD(cassette_a1)); };
// CHECK: Op p = ::cassette::rt::twin_address<CassetteCtx, static_cast<long (*)(long)>(&square),
// CHECK-SAME: static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx, long (*)(long)>>(&cassette_twin_square)>();
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::indirect({{[^)]*}}), decltype(cassette_invokes_indirect){},
// CHECK-SAME: ::cassette::rt::no_twin{}, p, x)
// CHECK: return apply(::cassette::rt::twin_address<CassetteCtx, static_cast<long (*)(long)>(&twice), {{.*}}>(), CASSETTE_FWD(cassette_a1));
// CHECK: Op table[] = {::cassette::rt::twin_address<CassetteCtx, static_cast<long (*)(long)>(&square), {{.*}}>(), std::labs};
// CHECK: long (&ref)(long) = (*::cassette::rt::twin_address<CassetteCtx, static_cast<long (*)(long)>(&negate), {{.*}}>());

int main() { return golden::run(CASSETTE_FN(use), 3L); }

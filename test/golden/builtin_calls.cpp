// Compiler builtins that compute a value from their arguments alone are
// primitives the hooks see, as Cassette sees Julia's intrinsics. A branch
// hint keeps its hint: `__builtin_expect(call(..., e), c)`, so the branch is
// weighted as in the original; c stays the constant it must be. Builtins
// that need a constant argument or act on the caller's frame stay as
// written (reported as compiler_builtin).
#include <cstdarg>

#include "trace_context.hpp"

int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  // CHECK: __builtin_va_start ( ap , n );
  int s = 0;
  for (int i = 0; i < n; ++i) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int bits(unsigned v, int x) {
  int r = 0;
  if (__builtin_expect(x > 3, 0)) r = 1;
  // CHECK-LABEL: cassette_twin_bits(::cassette::Twin
  // CHECK: if (__builtin_expect(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"__builtin_expect">({{[^)]*}}),
  // CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return __builtin_expect(CASSETTE_FWD(cassette_a0), 0); },
  // CHECK-SAME: ::cassette::rt::no_twin{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::gt{}, x, 3)), 0))
  return r + __builtin_popcount(v);
  // CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"__builtin_popcount">({{[^)]*}}),
  // CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return __builtin_popcount(CASSETTE_FWD(cassette_a0)); },
  // CHECK-SAME: ::cassette::rt::no_twin{}, v)
}

int use(int x) { return bits(7u, x) + sum(2, 3, 4); }

int main() { return golden::run(CASSETTE_FN(use), 5); }
// OUT: pre bits(7, 5)
// OUT-NEXT:   pre >(5, 3)
// OUT-NEXT:   post > = true
// OUT-NEXT:   pre __builtin_expect(true)
// OUT-NEXT:   post __builtin_expect = 1
// OUT-NEXT:   pre __builtin_popcount(7)
// OUT-NEXT:   post __builtin_popcount = 3
// OUT-NEXT:   pre +(1, 3)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post bits = 4
// OUT-NEXT: pre sum(2, 3, 4)
// OUT:      post sum = 7
// OUT-NEXT: pre +(4, 7)
// OUT-NEXT: post + = 11
// OUT-NEXT: result 11 plain 11
// REPORT: "what": "__builtin_va_start"
// REPORT-NEXT: "reason_id": "compiler_builtin"

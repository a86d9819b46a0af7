// A function declared in a body (`int half(int);` at block scope) and
// defined further down: no twin can be declared in the body (a template at
// block scope), so the twin is declared at namespace scope before the
// function that calls it, and the call enters the twin.
// OUT: pre half(8)
// OUT-NEXT:   pre /(8, 2)
// OUT-NEXT:   post / = 4
// OUT-NEXT: post half = 4
// OUT-NEXT: pre half(4)
// OUT-NEXT:   pre /(4, 2)
// OUT-NEXT:   post / = 2
// OUT-NEXT: post half = 2
// OUT: result 2 plain 2
#include "trace_context.hpp"

// CHECK: template <class CassetteCtx> auto cassette_twin_half(::cassette::Twin<CassetteCtx>, int x) -> int; }
// CHECK: #line [[#@LINE+2]]
// CHECK-NEXT: int quarter(int x) {
int quarter(int x) {
  int half(int);
// CHECK: int half(int);
// CHECK: return half(half(x));
  return half(half(x));
}
// CHECK-LABEL: cassette_twin_quarter(::cassette::Twin
// CHECK: lean_twin<&cassette_twin_half<

int half(int x) { return x / 2; }

int main() { return golden::run(CASSETTE_FN(quarter), 8); }

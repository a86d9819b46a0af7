// Whole-program mode: a free function's original forwards to its twin,
// declared before it when no declaration under --root comes first. A macro
// that leads the definition and expands to nothing here (fmt's
// `FMT_FUNC void f()`, FMT_FUNC being `inline` when header-only) stays at
// the front: the twin's declaration goes before it, not between it and the
// function. A function declared earlier under --root (`thrice`) has its
// twin declared there, and its definition gets none of its own.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
#include "trace_context.hpp"

#define API_FUNC
#define API_EXPORT

// CHECK-LABEL: auto cassette_twin_twice(::cassette::Twin
// CHECK-SAME: , int) -> int; API_FUNC API_EXPORT int twice(int x) {
API_FUNC API_EXPORT int twice(int x) { return 2 * x; }

int thrice(int x);
// CHECK: API_FUNC int thrice(int x) { if (::cassette::rt::forwards_entry<golden::TraceCtx>())
API_FUNC int thrice(int x) { return 3 * x; }

int run() { return twice(1) + thrice(2); }

int main() { return run() == 8 ? 0 : 1; }
// OUT: pre run()
// OUT-NEXT:   pre twice(1)
// OUT-NEXT:     pre *(2, 1)
// OUT-NEXT:     post * = 2
// OUT-NEXT:   post twice = 2
// OUT-NEXT:   pre thrice(2)
// OUT-NEXT:     pre *(3, 2)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post thrice = 6
// OUT-NEXT:   pre +(2, 6)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post run = 8
// OUT-NEXT: pre ==(8, 8)
// OUT-NEXT: post == = true

// Whole-program mode: the program's main, written by the rewriter to run
// the original main's twin under the context, takes the parameters the
// original declares, of the same types. A declaration of main before the
// definition (google benchmark's `BENCHMARK_EXPORT int main(int, char**);`
// before BENCHMARK_MAIN()) then declares it too: two forms of main would
// conflict. Nothing may call the original main, so it is renamed with
// internal linkage: unreferenced, the compiler does not emit it.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre twice(1)
// OUT-NEXT:   pre *(2, 1)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
// OUT-NEXT: pre ==(2, 2)
// OUT-NEXT: post == = true
#include "trace_context.hpp"

#define EXPORT
EXPORT int main(int, char**);

int twice(int x) { return 2 * x; }

int main(int argc, char** argv) { return twice(argc) == 2 && argv ? 0 : 1; }
// CHECK: int static cassette_original_main {{\[\[}}maybe_unused]](int argc, char** argv) {
// CHECK: int main({{\[\[}}maybe_unused]] int cassette_argc, {{\[\[}}maybe_unused]] char ** cassette_argv) {
// CHECK-NEXT: return ::cassette::rt::run_main<golden::TraceCtx>([&](auto cassette_t) { return cassette_twin_main(cassette_t, cassette_argc, cassette_argv); });

// Whole-program mode: an original main declared `extern "C"` keeps its
// external linkage when renamed (`static` cannot join a linkage
// specification), where other mains become internal.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre twice(1)
// OUT-NEXT:   pre *(2, 1)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

extern "C" int main(int argc, char**) { return twice(argc) - 2; }
// CHECK: extern "C" int cassette_original_main(int argc, char**) {
// CHECK: int main({{\[\[}}maybe_unused]] int cassette_argc, {{\[\[}}maybe_unused]] char ** cassette_argv) {

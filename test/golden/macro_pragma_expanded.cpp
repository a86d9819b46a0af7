// A use of a macro whose body runs a _Pragma is expanded with the pragma
// written where it ran: the preprocessor consumes it, so no token of the
// expansion says it (Catch2's REQUIRE turns warnings off this way). Here it
// keeps -Wunused-variable off for what the use declares, and the call the
// body spells is hooked. A pragma that becomes tokens of its own (a loop
// hint) cannot be written back: that use stays as written, its call
// reported.
// REPORT: "call_sites_skipped": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_pragma_expanded.cpp",
// REPORT-NEXT: "line": 43,
// REPORT-NEXT: "reason": "operand spelled partly inside a macro",
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_pragma_expanded.cpp",
// REPORT-NEXT: "line": 42,
// REPORT-NEXT: "macro": "QUIET_TWICE"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: result 24 plain 24
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

#define QUIET_TWICE(v)                                           \
  _Pragma("GCC diagnostic push")                                 \
  _Pragma("GCC diagnostic ignored \"-Wunused-variable\"")        \
  int unused_ = 0;                                               \
  v = twice(v);                                                  \
  _Pragma("GCC diagnostic pop")
#define UNROLLED(v, n)                  \
  _Pragma("clang loop unroll(enable)")  \
  for (int i = 0; i < n; ++i) v = twice(v)

int use(int y) {
  QUIET_TWICE(y);
  UNROLLED(y, 2);
  return y;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: {{^}}  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-variable\"") int unused_ = 0 ; y = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK-SAME: y) ; _Pragma("GCC diagnostic pop");{{$}}
// CHECK-NEXT: {{^}}  UNROLLED(y, 2);

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A use of a macro on the line after a directive is expanded as any other
// use: the directive ends where its line does, here a line continued by a
// backslash. The use that follows it is not part of it.
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_after_directive_expanded.cpp",
// REPORT-NEXT: "line": 27,
// REPORT-NEXT: "macro": "TWICE"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

#define TWICE(v) v = twice(v)
#define ONE 1

int use(int y) {
#if ONE && \
    ONE
  TWICE(y);
#endif
  return y;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: #if ONE && \
// CHECK-NEXT: ONE
// CHECK-NEXT: y = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">

int main() { return golden::run(CASSETTE_FN(use), 3); }

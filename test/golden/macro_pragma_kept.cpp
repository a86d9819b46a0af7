// A use of a macro whose body spells a _Pragma stays as written: the
// preprocessor consumes the pragma, so the tokens the use expands to do not
// say it, and text made of them would lose it (here, the warning it turns
// off). The call its body spells is left as written and reported; the
// other macro's use, whose body has no pragma, is expanded.
// REPORT: "call_sites_skipped": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_pragma_kept.cpp",
// REPORT-NEXT: "line": 42,
// REPORT-NEXT: "reason": "call spelled inside a macro body",
// REPORT-NEXT: "what": "twice",
// REPORT-NEXT: "reason_id": "call_in_macro_body",
// REPORT-NEXT: "category": "macro"
// REPORT-NEXT: },
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_pragma_kept.cpp",
// REPORT-NEXT: "line": 43,
// REPORT-NEXT: "macro": "TWICE"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre twice(6)
// OUT-NEXT:   pre *(2, 6)
// OUT-NEXT:   post * = 12
// OUT-NEXT: post twice = 12
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

#define QUIET_TWICE(v)                                           \
  _Pragma("GCC diagnostic push")                                 \
  _Pragma("GCC diagnostic ignored \"-Wunused-variable\"")        \
  int unused_ = 0;                                               \
  v = twice(v);                                                  \
  _Pragma("GCC diagnostic pop")
#define TWICE(v) v = twice(v)

int use(int y) {
  QUIET_TWICE(y);
  TWICE(y);
  return y;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: {{^}}  QUIET_TWICE(y);
// CHECK-NEXT: y = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">

int main() { return golden::run(CASSETTE_FN(use), 3); }

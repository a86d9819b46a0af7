// A use of a macro whose _Pragma gets its string from the macro, by
// stringizing an argument (doctest's `#define DOCTEST_PRAGMA_TO_STR(x)
// _Pragma(#x)`, behind every CHECK), is expanded with the pragma written as
// clang read it, and the call its body spells is hooked. Here the pragmas
// keep -Wunused-variable off for what the use declares (the test compiles
// with -Werror -Wall).
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: {{^}}  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-variable\"") int unused_ = 0 ; y = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK-SAME: y) ; _Pragma("GCC diagnostic pop");{{$}}
// REPORT-NOT: inside a macro body
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_pragma_made_by_stringizing.cpp",
// REPORT-NEXT: "line": 38,
// REPORT-NEXT: "macro": "QUIET_TWICE"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

#define PRAGMA_TO_STR(x) _Pragma(#x)
#define QUIET_BEGIN PRAGMA_TO_STR(GCC diagnostic push) PRAGMA_TO_STR(GCC diagnostic ignored "-Wunused-variable")
#define QUIET_END PRAGMA_TO_STR(GCC diagnostic pop)
#define QUIET_TWICE(v) \
  QUIET_BEGIN          \
  int unused_ = 0;     \
  v = twice(v);        \
  QUIET_END

int use(int y) {
  QUIET_TWICE(y);
  return y;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

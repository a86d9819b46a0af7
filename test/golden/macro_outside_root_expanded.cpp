// A macro from a header outside --root that holds a call left as written is
// replaced by its expansion too (here the standard library's `assert`, which
// stringizes its argument, and the support header's OUTSIDE_TWICE, whose body
// calls), so its calls are rewritten: a test framework's EXPECT_EQ is the same
// case. The stringized text stays a string literal; __LINE__ is the use's
// line, and __FILE__ stays __FILE__ (the built file names itself).
// REPORT: "call_sites_skipped": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 5,
// REPORT-NEXT: "file": "macro_outside_root_expanded.cpp",
// REPORT-NEXT: "line": {{[0-9]+}},
// REPORT-NEXT: "reason": "no twin: main: the program's entry point (--overdub-main runs it under a context)",
// REPORT-NEXT: "what": "main",
// REPORT-NEXT: "reason_id": "no_twin_main",
// REPORT-NEXT: "category": "construct"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_outside_root_expanded.cpp",
// REPORT-NEXT: "line": {{[0-9]+}},
// REPORT-NEXT: "macro": "assert"
// REPORT: "macro": "OUTSIDE_TWICE"
// OUT: pre twice(3)
// OUT: pre outside::doubled(3)
// OUT: result 6 plain 6
#include <cassert>

#include "outside.hpp"
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

int use(int y) {
  assert(twice(y) == 6);
  return OUTSIDE_TWICE(y);
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: ( static_cast < bool > ( ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::eq{}, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK-SAME: +"twice(y) == 6", +__FILE__, {{[0-9]+}},
// CHECK-NEXT: return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"outside::doubled">

int main() { return golden::run(CASSETTE_FN(use), 3); }

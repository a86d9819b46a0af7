// Only the tree's own macros are replaced by their expansion: a macro from a
// header outside --root (here the standard library's `assert`, which
// stringizes its argument, and the support header's OUTSIDE_TWICE, whose body
// calls) stays as written, its calls are left as written and reported, and
// the report lists no expansion.
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: assert(twice(y) == 6);
// CHECK-NEXT: return OUTSIDE_TWICE(y);
// REPORT: "call_sites_skipped": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT: "reason": "call spelled inside a macro body",
// REPORT-NEXT: "what": "__assert_fail"
// REPORT: "reason": "call in a macro argument that the macro stringizes or pastes (#, ##)",
// REPORT-NEXT: "what": "builtin =="
// REPORT: "reason": "call in a macro argument that the macro stringizes or pastes (#, ##)",
// REPORT-NEXT: "what": "twice"
// REPORT: "reason": "call spelled inside a macro body",
// REPORT-NEXT: "what": "outside::doubled"
// REPORT: "macros_expanded": [],
// OUT: result 6 plain 6
#include <cassert>

#include "outside.hpp"
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

int use(int y) {
  assert(twice(y) == 6);
  return OUTSIDE_TWICE(y);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

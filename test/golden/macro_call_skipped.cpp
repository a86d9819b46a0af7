// A call spelled inside a macro expansion cannot be edited in the file (its
// text is in the macro's definition), so it is left as written and reported
// with the reason; the calls spelled outside the macro are rewritten as usual,
// including an operand that is one whole macro expansion (`x + ONE`). The
// skip is reported where the macro is used.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded); by default the uses are replaced by their expansion
// (macro_body_call_expanded).
// REWRITE-ARGS: --no-expand-macros
// REPORT: "call_sites_skipped": [
// REPORT: "column": 11,
// REPORT-NEXT: "file": "macro_call_skipped.cpp",
// REPORT-NEXT: "line": 35,
// REPORT-NEXT: "reason": "call spelled inside a macro body",
// REPORT-NEXT: "what": "twice"
// REPORT: "skipped_by_reason": {
// REPORT: "call spelled inside a macro body": 1
// OUT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre twice(4)
// OUT-NEXT:   pre *(2, 4)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post twice = 8
// OUT-NEXT: pre +(6, 8)
// OUT-NEXT: post + = 14
// OUT-NEXT: result 14 plain 14
#include "trace_context.hpp"

#define TWICE_OF(v) twice(v)
#define ONE 1

int twice(int x) { return 2 * x; }

int use(int x) {
  int a = TWICE_OF(x);
  int b = twice(x + ONE);
  return a + b;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: int a = TWICE_OF(x);
// CHECK-NEXT: int b = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{[^)]*}}), {{.*}}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, ONE));

int main() { return golden::run(CASSETTE_FN(use), 3); }

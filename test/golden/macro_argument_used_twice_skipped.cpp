// A macro that expands its argument twice (`MAX(a, b)` evaluates the larger
// argument again): editing the argument's spelling would edit both uses, so a
// call written there is left as written and reported with the reason. An
// argument the same macro expands once is still rewritten in place.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded); by default the use is replaced by its expansion
// (macro_argument_used_twice_expanded).
// REWRITE-ARGS: --no-expand-macros
// REPORT: "reason": "call in a macro argument that the macro expands more than once",
// REPORT-NEXT: "what": "twice"
// REPORT: "skipped_by_reason": {
// REPORT: "call in a macro argument that the macro expands more than once": 2,
// OUT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre twice(4)
// OUT:      post twice = 8
// OUT-NEXT: pre +(7, 8)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include "trace_context.hpp"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define SECOND(a, b) ((void)sizeof(a), (void)sizeof(a), (b))

int twice(int x) { return 2 * x; }

int use(int x) {
  int m = MAX(twice(x), 7);
  int k = SECOND(twice(x), twice(x + 1));
  return m + k;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: int m = MAX(twice(x), 7);
// CHECK-NEXT: int k = SECOND(twice(x), ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{[^)]*}}), {{.*}}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, 1)));

int main() { return golden::run(CASSETTE_FN(use), 3); }

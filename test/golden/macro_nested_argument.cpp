// An argument passed on through nested macros (OUTER hands it to INNER,
// each substituting it once) is still one spelling in the file: the call
// written there is rewritten in place, both macros stay as written. When an
// inner macro substitutes it twice (TWICE_INNER), the outer use is skipped.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded); by default the use of OUTER_TWICE is replaced by its
// expansion.
// REWRITE-ARGS: --no-expand-macros
// REPORT: "skipped_by_reason": {
// REPORT-NEXT: "call in a macro argument that the macro expands more than once": 2,
// OUT: pre twice(3)
// OUT:      post twice = 6
// OUT-NEXT: pre +(7, 12)
// OUT:      result 19 plain 19
#include "trace_context.hpp"

#define INNER(e) (1 + (e))
#define OUTER(e) INNER(e)
#define TWICE_INNER(e) ((e) + (e))
#define OUTER_TWICE(e) TWICE_INNER(e)

int twice(int x) { return 2 * x; }

int use(int x) {
  int a = OUTER(twice(x));
  int b = OUTER_TWICE(twice(x));
  return a + b;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: int a = OUTER(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{.*}}), {{.*}}, x));
// CHECK-NEXT: int b = OUTER_TWICE(twice(x));

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A macro that stringizes its argument (`#cond`, here through a nested
// macro as assertion macros do) or pastes it (`e##1`): editing the argument
// would change the string (or the pasted token), so the calls and operators
// written there are left as written and reported with the reason.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded); by default the uses are replaced by their expansion, in
// which the stringized argument is a string literal
// (macro_stringized_argument_expanded).
// REWRITE-ARGS: --no-expand-macros
// REPORT: "skipped_by_reason": {
// REPORT-NEXT: "call in a macro argument that the macro stringizes or pastes (#, ##)": 5,
// OUT: checking twice(x) == 6
// OUT-NEXT: showing twice(x)
// OUT-NEXT: pre +(1, 6)
// OUT:      result 18 plain 18
#include <cstdio>

#include "trace_context.hpp"

#define STR(x) #x
#define CHECK(cond) (std::puts("checking " STR(cond)), (cond) ? 1 : 0)
#define SHOW(e) (std::puts("showing " #e), (e))
#define TAIL1(e) e##1

int twice(int x) { return 2 * x; }

int use(int x) {
  int y1 = 5, y = 0;
  int a = CHECK(twice(x) == 6);
  int b = SHOW(twice(x));
  int c = TAIL1(twice(x) + y);
  return a + b + c + y;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: int y1 = 5, y = 0;
// CHECK-NEXT: int a = CHECK(twice(x) == 6);
// CHECK-NEXT: int b = SHOW(twice(x));
// CHECK-NEXT: int c = TAIL1(twice(x) + y);

int main() {
  golden::TraceCtx ctx;
  int traced = cassette::overdub(ctx, CASSETTE_FN(use), 3);
  std::printf("result %d plain %d\n", traced, use(3));
  return traced == use(3) ? 0 : 1;
}

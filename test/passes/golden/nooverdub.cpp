// nooverdub: a written call marked by the pass, and a call the pass inserts
// marked in its text (CASSETTE_NOOVERDUB), run as written: no hook sees them.
// REWRITE-ARGS: --pass @PASSES@/libquiet_log.so
// CHECK-LABEL: int cassette_twin_bump(
// CHECK: CASSETTE_NOOVERDUB(log_value(-1));
// CHECK: CASSETTE_NOOVERDUB(log_value(x));
// OUT: pre +(4, 1)
// OUT-NEXT: post + = 5
// OUT-NEXT: -- under a context that names no pass
// OUT-NEXT: pre log_value(4)
// OUT-NEXT: post log_value = _
// OUT-NEXT: pre +(4, 1)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 without 5 plain 5
#include "pass_context.hpp"

void log_value(int) {}
int bump(int x) {
  log_value(x);
  return x + 1;
}

int main() { return passgolden::run(CASSETTE_FN(bump), 4); }

// A call marked CASSETTE_NOOVERDUB(...) (what a pass writes, here in the
// source) runs as written, as asked: reported as marked, not as
// constant-evaluated (it runs at run time; the compiler does not evaluate it).
// REPORT: "reason_id": "no_overdub_marked"
// REPORT-NOT: "constant_evaluated"
// OUT: pre +(4, 1)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5
#include <cassette/rt/passes.hpp>

#include "trace_context.hpp"

int noted = 0;
void note(int x) { noted += x; }
int bump(int x) {
  CASSETTE_NOOVERDUB(note(x));
  return x + 1;
}
// CHECK-LABEL: cassette_twin_bump(::cassette::Twin
// CHECK-NEXT: CASSETTE_NOOVERDUB(note(x));

int main() { return golden::run(CASSETTE_FN(bump), 4); }

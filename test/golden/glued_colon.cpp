// A rewritten expression glued to the `:` of `case 1:` or of `?:` must not
// form `:::` (which lexes as `::` `:`): a space separates them.
#include "trace_context.hpp"

int pick(int x, int y) {
  switch (x) {
  case 1:x -= 1; break;
  // CHECK-LABEL: cassette_twin_pick(::cassette::Twin
  // CHECK: case 1: ::cassette::rt::call_op(
  default:break;
  }
  return x > 0 ?y:y+1;
  // CHECK: return ::cassette::rt::call_op({{.*}}x, 0) ?y: ::cassette::rt::call_op({{.*}}y, 1);
}

int main() { return golden::run(CASSETTE_FN(pick), 1, 2); }
// OUT: pre -=(1, 1)
// OUT-NEXT: post -= = 0
// OUT-NEXT: pre >(0, 0)
// OUT-NEXT: post > = false
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3

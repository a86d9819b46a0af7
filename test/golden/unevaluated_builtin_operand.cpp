// `__builtin_constant_p(e)` and `__builtin_object_size(p, t)` never evaluate
// their operands (side effects discarded): like sizeof, they are questions
// the compiler answers, so the calls written inside them stay as written and
// are neither intercepted nor reported as skipped call sites (Catch2's
// assertion macros wrap every checked expression in __builtin_constant_p).
#include "trace_context.hpp"

int noisy(int x) { return x + 1; }

int probe(int x) {
  int known = __builtin_constant_p(noisy(x)) ? 1 : 0;
  // CHECK: int known = __builtin_constant_p(noisy(x)) ? 1 : 0;
  char buf[8];
  unsigned long room = __builtin_object_size(&buf[noisy(0)], 0);
  // CHECK: unsigned long room = __builtin_object_size(&buf[noisy(0)], 0);
  return known + static_cast<int>(room) + noisy(x);
  // CHECK-LABEL: cassette_twin_probe(::cassette::Twin
  // CHECK: ::cassette::fn<"noisy">
}

int main() { return golden::run(CASSETTE_FN(probe), 2); }
// REPORT-NOT: __builtin_constant_p
// REPORT-NOT: __builtin_object_size
// OUT: pre +(0, -1)
// OUT-NEXT: post + = -1
// OUT-NEXT: pre noisy(2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post noisy = 3
// OUT-NEXT: pre +(-1, 3)
// OUT-NEXT: post + = 2
// OUT-NEXT: result 2 plain 2

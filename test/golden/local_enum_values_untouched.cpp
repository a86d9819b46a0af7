// An enumeration declared in a function body: its enumerators' values are
// constant expressions, so their operators stay as written in the twin
// (CLI11's `enum t1 : signed char { v1 = 5, v3 = 7, v5 = -9 };` in a test).
// OUT: pre >(1, 0)
// OUT-NEXT: post > = true
// OUT-NEXT: pre +(5, 6)
// OUT-NEXT: post + = 11
// OUT-NEXT: result 11 plain 11
#include "trace_context.hpp"

int use(int x) {
  enum Level : signed char { low = 5, high = -9, mid = low + 1 };
  Level l = x > 0 ? low : high;
  return static_cast<int>(l) + mid;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK-NEXT: enum Level : signed char { low = 5, high = -9, mid = low + 1 };

int main() { return golden::run(CASSETTE_FN(use), 1); }

// Constants written in a function body that are not constant-evaluated
// contexts of the language but must stay constants: an attribute's
// arguments (`alignas(square(2))`), GNU's array designators (`[square(1)] =
// 5`) and `__builtin_choose_expr`'s condition. They stay as written; the
// values beside them are rewritten.
// OUT: pre value(5)
// OUT-NEXT: post value = 5
// OUT-NEXT: pre value(2)
// OUT-NEXT: post value = 2
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = 5
// OUT-NEXT: pre *(5, 10)
// OUT-NEXT: post * = 50
// OUT-NEXT: pre [](_, 4)
// OUT-NEXT: post [] = 7
// OUT-NEXT: pre +(50, 7)
// OUT-NEXT: post + = 57
// OUT-NEXT: pre +(57, 2)
// OUT-NEXT: post + = 59
// OUT-NEXT: pre +(59, 8)
// OUT-NEXT: post + = 67
// OUT-NEXT: result 67 plain 67
#include "trace_context.hpp"

#pragma clang diagnostic ignored "-Wc99-designator"

constexpr int square(int x) { return x * x; }
static int value(int x) { return x; }

int use(int x) {
  alignas(square(2)) char buffer[8] = {};
  int cells[6] = {[square(1)] = value(5), [square(2)] = 7};
  int chosen = __builtin_choose_expr(square(1) == 1, value(x), 0);
  return cells[1] * 10 + cells[4] + chosen + int(sizeof(buffer));
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: alignas(square(2)) char buffer[8] = {};
// CHECK-NEXT: int cells[6] = {[square(1)] = ::cassette::rt::call(
// CHECK-SAME: , [square(2)] = 7};
// CHECK-NEXT: int chosen = __builtin_choose_expr(square(1) == 1, ::cassette::rt::call(

int main() { return golden::run(CASSETTE_FN(use), 2); }

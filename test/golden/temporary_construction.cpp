// Temporaries `T(args)` and `T{args}` are constructor calls: each becomes a
// call returning the object by value, with the twin constructor as the twin.
// The invokers construct with parentheses either way: braces picked a
// constructor that is not an initializer-list one, and parentheses pick the
// same without narrowing checks on arguments that are no longer constants.
// OUT: pre Num::Num(4)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post Num::Num = _
// OUT-NEXT: pre Num::Num(4)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post Num::Num = _
// OUT-NEXT: pre +(5, 5)
// OUT-NEXT: post + = 10
// OUT-NEXT: result 10 plain 10
#include "trace_context.hpp"

struct Num {
  int v;
  explicit Num(int x) : v(x + 1) {}
};

int use(int x) {
  int a = Num(x).v;
  int b = Num{x}.v;
  return a + b;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: int a = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Num::Num">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<Num>{}, ::cassette::rt::constructs_twin<Num>{}, x).v;
// CHECK: int b = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Num::Num">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<Num>{}, ::cassette::rt::constructs_twin<Num>{}, x).v;

int main() { return golden::run(CASSETTE_FN(use), 4); }

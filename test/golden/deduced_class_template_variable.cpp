// A variable whose class template arguments its initialiser deduces (gsl's
// tests: `gsl::span sp{arr};`, `gsl::not_null x{&i};`): its construction is
// hooked with the type spelled as deduced, since `decltype(sp)` cannot
// appear in its own initialiser.
// OUT: pre +(1, 1)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre Box::Box(2)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre Box::Box(2.5)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4
#include "trace_context.hpp"

template <class T>
struct Box {
  explicit Box(T v) : value(v) {}
  T value;
};

int use(int x) {
  Box b{x + 1};
  Box c(2.5);
  return b.value + static_cast<int>(c.value);
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK-NEXT: Box b{{.*}}::cassette::rt::constructs<::Box<int>>{}
// CHECK-NEXT: Box c{{.*}}::cassette::rt::constructs<::Box<double>>{}

int main() { return golden::run(CASSETTE_FN(use), 1); }

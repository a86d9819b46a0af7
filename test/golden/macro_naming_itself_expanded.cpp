// A macro whose expansion leaves its own name (jsoncpp's `#define isfinite
// std::isfinite`): the name is not expanded again there, but written as text
// it would be (`std::std::isfinite`: "no member named 'std' in namespace
// 'std'"), and the unit's other expansions were dropped with it. Such a use
// stays as written (its call is skipped); the file's other macro uses (the
// assert around a call) are still expanded and their calls hooked.
// OUT: pre twice(2.5)
// OUT-NEXT:   pre *(2, 2.5)
// OUT-NEXT:   post * = 5
// OUT-NEXT: post twice = 5
// OUT-NEXT: pre >(5, 0)
// OUT-NEXT: post > = true
// OUT-NEXT: pre +(2.5, 1)
// OUT-NEXT: post + = 3.5
// OUT-NEXT: result 3.5 plain 3.5
#include <cassert>
#include <cmath>

#include "trace_context.hpp"

#if !defined(isfinite)
#define isfinite std::isfinite
#endif

static double twice(double x) { return 2 * x; }

double finite_sum(double x) {
  if (!isfinite(x)) return 0;
  assert(twice(x) > 0);
  return x + 1;
}
// CHECK-LABEL: cassette_twin_finite_sum(::cassette::Twin
// CHECK: ::cassette::op::logical_not{}, isfinite(x))) return 0;
// CHECK: ::cassette::fn<"twice">

int main() { return golden::run(CASSETTE_FN(finite_sum), 2.5); }

// A function of the global namespace named as a C library function (re2's
// util/benchmark.cc: `static int round(int n)`, in a unit that includes no
// <cmath>). The rewritten unit reads the context header first, and
// counter.hpp's fmt includes <cmath>, which declares ::round(double) beside
// it: `named<&round>` named two functions there ("non-type template
// parameter 'P' with type 'auto' has incompatible initializer of type
// '<overloaded function type>'") and the check took main's twin away. A
// global function whose name clang knows as a C library function's is named
// by its type; another goes by its address alone.
// REWRITE-ARGS: --overdub-main cassette::CallCounter --context-header cassette/contexts/counter.hpp
// REPORT-NOT: no_twin_does_not_compile
// OUT: round(5) = 6, twice(5) = 10
#include <cstdio>

static int round(int n) { return n + 1; }
static int twice(int n) { return n * 2; }

int main() {
  std::printf("round(5) = %d, twice(5) = %d\n", round(5), twice(5));
  return 0;
}
// CHECK-LABEL: cassette_twin_main(
// CHECK: named<static_cast<int (*)(int)>(&round)>{}
// CHECK: named<&twice>{}

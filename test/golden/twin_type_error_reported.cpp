// A twin that does not compile, on purpose: the context's execute replaces
// half(a) by a std::string, so the twin's `3.0 * half(a)` multiplies a double
// by a string. The check takes the twin away (area runs as written), and the
// report places the error at the original's line, quotes that line, and says
// where in the runtime's headers clang raised it.
#include <cstdio>
#include <string>

#include <cassette/cassette.hpp>

double half(double x) { return x / 2; }
double area(double r) {
  double a = r * r;
  return 3.0 * half(a);
}

struct Wrong : cassette::Context<Wrong> {};
std::string execute(Wrong&, const cassette::fn<"half">&, double) { return "half"; }

int main() {
  Wrong ctx;
  std::printf("%g\n", cassette::overdub(ctx, CASSETTE_FN(area), 2.0));
}
// REPORT: "reason": "no twin: its twin does not compile: twin_type_error_reported.cpp:14: error: invalid operands to binary expression ('double' and 'std::basic_string<char>'), in `return 3.0 * half(a);` (raised at {{.*}}/cassette/ops.hpp:{{[0-9]+}}:1)",
// REPORT-NEXT: "what": "area",
// OUT: 6

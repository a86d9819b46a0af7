// With --tagging, an overloaded operator with overloads on arithmetic types
// (`t = n` with `operator=(int)`, `(long long)`, `(double)`) resolves as for
// plain values: the twin call converts the operand to its parameter's tagged
// type (`cassette::as_value`), as for named functions.
// REWRITE-ARGS: --tagging
// OUT: result 31 plain 31
#include "trace_context.hpp"

struct Text {
  int kind = 0;
  Text& operator=(int) { kind = 1; return *this; }
  Text& operator=(long long) { kind = 10; return *this; }
  Text& operator=(double) { kind = 20; return *this; }
};

int use(long long n) {
  Text a, b;
  a = n;        // operator=(long long)
  b = n * 0.5;  // operator=(double)
  return a.kind + b.kind + int(n) - 2;  // 10 + 20 + 3 - 2
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: .cassette_twin_operator_Equal(cassette_t, ::cassette::rt::as_value<long long>(cassette_t, CASSETTE_FWD(cassette_a1)))
// CHECK: .cassette_twin_operator_Equal(cassette_t, ::cassette::rt::as_value<double>(cassette_t, CASSETTE_FWD(cassette_a1)))

int main() { return golden::run(CASSETTE_FN(use), 3ll); }

// Two overloads of one name share an identity (like the methods of a Julia
// function) but each call reaches the twin of the overload it resolved to.
// OUT: pre describe(4)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post describe = 5
// OUT-NEXT: pre describe(0.5)
// OUT-NEXT:   pre *(0.5, 2)
// OUT-NEXT:   post * = 1
// OUT-NEXT: post describe = 1
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

int describe(int x) { return x + 1; }
// CHECK-LABEL: int cassette_twin_describe(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int x)
double describe(double x) { return x * 2; }
// CHECK-LABEL: double cassette_twin_describe(::cassette::Twin
// CHECK-SAME: cassette_ctx_, double x)

double use(int x) { return describe(x) + describe(0.5); }

int main() { return golden::run(CASSETTE_FN(use), 4); }

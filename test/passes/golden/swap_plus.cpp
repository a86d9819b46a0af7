// replace_matches: the outermost `a + b` of each match becomes `(b) * (a)`,
// made from the matched operands' text; a match inside it is not visited.
// REWRITE-ARGS: --pass @PASSES@/libswap_plus.so
// CHECK-LABEL: int combine(int a, int b) { return (a + b) + 10; }
// CHECK-LABEL: int cassette_twin_combine(
// CHECK: #line 1 "<pass swap_plus>"
// CHECK-NEXT: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, (10), ((::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, a, b))))
// OUT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre *(10, 5)
// OUT-NEXT: post * = 50
// OUT-NEXT: -- under a context that names no pass
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre +(5, 10)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 50 without 15 plain 15
// REPORT: "kind": "replace_matches"
#include "pass_context.hpp"

int combine(int a, int b) { return (a + b) + 10; }

int main() { return passgolden::run(CASSETTE_FN(combine), 2, 3); }

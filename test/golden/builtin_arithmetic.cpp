// Builtin arithmetic on fundamental types becomes primitive operations
// (cassette::op::*), evaluated innermost first.
// OUT: pre *(7, 5)
// OUT-NEXT: post * = 35
// OUT-NEXT: pre /(7, 2)
// OUT-NEXT: post / = 3
// OUT-NEXT: pre +(35, 3)
// OUT-NEXT: post + = 38
// OUT-NEXT: pre %(5, 3)
// OUT-NEXT: post % = 2
// OUT-NEXT: pre -(38, 2)
// OUT-NEXT: post - = 36
// OUT-NEXT: result 36 plain 36
#include "trace_context.hpp"

int arith(int a, int b) { return a * b + a / 2 - b % 3; }
// CHECK-LABEL: cassette_twin_arith(::cassette::Twin
// CHECK: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::sub{},
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{},
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, a, b),
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::div{}, a, 2)),
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::rem{}, b, 3));

int main() { return golden::run(CASSETTE_FN(arith), 7, 5); }

// Bitwise and shift operators on integers become primitive operations;
// parentheses written in the source are kept around the rewritten operands.
// OUT: pre &(12, 10)
// OUT-NEXT: post & = 8
// OUT-NEXT: pre <<(12, 2)
// OUT-NEXT: post << = 48
// OUT-NEXT: pre |(8, 48)
// OUT-NEXT: post | = 56
// OUT-NEXT: pre >>(10, 1)
// OUT-NEXT: post >> = 5
// OUT-NEXT: pre ^(56, 5)
// OUT-NEXT: post ^ = 61
// OUT-NEXT: result 61 plain 61
#include "trace_context.hpp"

unsigned bits(unsigned a, unsigned b) { return ((a & b) | (a << 2)) ^ (b >> 1); }
// CHECK-LABEL: cassette_twin_bits(::cassette::Twin
// CHECK: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::bit_xor{},
// CHECK-SAME: (::cassette::rt::call_op(cassette_ctx_, ::cassette::op::bit_or{}, (::cassette::rt::call_op(cassette_ctx_,
// CHECK-SAME: ::cassette::op::bit_and{}, a, b)), (::cassette::rt::call_op(cassette_ctx_, ::cassette::op::shl{}, a, 2)))),
// CHECK-SAME: (::cassette::rt::call_op(cassette_ctx_, ::cassette::op::shr{}, b, 1)));

int main() { return golden::run(CASSETTE_FN(bits), 12u, 10u); }

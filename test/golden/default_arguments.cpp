// Default arguments are the callee's business: a call that relies on them
// passes only what is written, and the twin keeps the defaults, so both the
// original and the twin fill them in.
// OUT: pre scaled(3)
// OUT-NEXT:   pre *(3, 10)
// OUT-NEXT:   post * = 30
// OUT-NEXT:   pre +(30, 1)
// OUT-NEXT:   post + = 31
// OUT-NEXT: post scaled = 31
// OUT-NEXT: pre scaled(3, 2)
// OUT-NEXT:   pre *(3, 2)
// OUT-NEXT:   post * = 6
// OUT-NEXT:   pre +(6, 1)
// OUT-NEXT:   post + = 7
// OUT-NEXT: post scaled = 7
// OUT-NEXT: pre +(31, 7)
// OUT-NEXT: post + = 38
// OUT-NEXT: result 38 plain 38
#include "trace_context.hpp"

int scaled(int x, int factor = 10, int offset = 1) { return x * factor + offset; }
// CHECK-LABEL: cassette_twin_scaled(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int x, int factor = 10, int offset = 1)

int use(int x) { return scaled(x) + scaled(x, 2); }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: [&](auto&& cassette_a0) -> decltype(auto) { return scaled(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return cassette_twin_scaled(cassette_t, CASSETTE_FWD(cassette_a0)); }, x)
// CHECK: [&](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) { return scaled(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, {{.*}}, x, 2)

int main() { return golden::run(CASSETTE_FN(use), 3); }

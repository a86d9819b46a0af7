// A function that turns sanitizers off (a hash that wraps unsigned integers
// on purpose, checked by -fsanitize=integer; a shift into the sign bit) keeps
// its builtin operators in its body: run by the runtime, they would be
// checked (the sanitizer reported them in cassette/ops.hpp). Its calls are
// still rewritten; its operators are reported, not hooked.
// REPORT: "operator_in_unsanitized_function": 4
// CHECK: __attribute__((no_sanitize("integer"))) unsigned cassette_twin_mix(::cassette::Twin<CassetteCtx> cassette_ctx_, unsigned h, unsigned v) { return (h * 31 + ::cassette::rt::call(
// OUT: pre high(3)
// OUT-NEXT: post high = -1073741824
// OUT-NEXT: pre mix(3221225472, 4000000000)
// OUT-NEXT:   pre scramble(4000000000)
// OUT-NEXT:     pre ^(4000000000, 1540483477)
// OUT-NEXT:     post ^ = 3048915349
// OUT-NEXT:   post scramble = 3048915349
// OUT-NEXT: post mix = 2916486312
// OUT-NEXT: pre &(2916486312, 255)
// OUT-NEXT: post & = 168
// OUT-NEXT: result 168 plain 168
#include "trace_context.hpp"

unsigned scramble(unsigned v) { return v ^ 0x5bd1e995u; }
__attribute__((no_sanitize("integer"))) unsigned mix(unsigned h, unsigned v) { return (h * 31 + scramble(v)) << 3; }
__attribute__((no_sanitize("shift"))) int high(int h) { return h << 30; }

int use(int n) { return static_cast<int>(mix(static_cast<unsigned>(high(n)), 4000000000u) & 0xffu); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

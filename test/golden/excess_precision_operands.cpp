// `_Float16` arithmetic on a target with no half-precision unit (x86-64
// without AVX512-FP16): clang computes each operation in float and rounds
// once, where the value is stored, passed or returned. An operator's call
// returns a `_Float16`, rounding each result: `a * a - c` with a = 1 + 2^-9
// and c = 1 gave 0.00390625 instead of 0.00391006, silently. Such operators
// stay as written (reported, `excess_precision_operand`); the calls around
// them are rewritten, and argument passing rounds as it did.
// OUT: pre /(1, 512)
// OUT-NEXT: post / = 0.00195312
// OUT-NEXT: pre *(0.00195312, 1)
// OUT-NEXT: post * = 0.00195312
// OUT-NEXT: pre +(1, 0.00195312)
// OUT-NEXT: post + = 1.00195
// OUT-NEXT: pre half(1.00195)
// OUT-NEXT: post half = _
// OUT-NEXT: pre half(1)
// OUT-NEXT: post half = _
// OUT-NEXT: pre *(0.00391006, 1e+06)
// OUT-NEXT: post * = 3910.06
// OUT-NEXT: result 3910 plain 3910
#include <cstdio>

#include "trace_context.hpp"

static _Float16 half(float f) { return static_cast<_Float16>(f); }

int use(int n) {
  _Float16 a = half(1.0f + 1.0f / 512 * static_cast<float>(n)), c = half(1.0f);
  _Float16 r = a * a - c;
  // CHECK-LABEL: cassette_twin_use(::cassette::Twin
  // CHECK: _Float16 r = a * a - c;
  return static_cast<int>(static_cast<float>(r) * 1e6f);
}
// REPORT: "operator on a _Float16 or __bf16 value the target computes in float and rounds once (excess precision): a call would round each result": 2

int main() { return golden::run(CASSETTE_FN(use), 1); }

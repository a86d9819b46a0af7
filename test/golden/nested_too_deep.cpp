// A site nested deeper than 200 written expressions and statements stays as
// written; the ones around it are rewritten. Each rewritten site puts what
// it encloses one bracket deeper, and clang stops at 256 nested brackets: a
// long chain of `+` or `<<` (generated code) inside the brackets written
// around it compiled as written but not rewritten, and the check took the
// whole twin away. Here 195 parentheses around a chain of 69 `+`: the
// outermost `+` are rewritten, the rest run as written (reported,
// `nested_too_deep`).
// OUT: pre +(2212, 67)
// OUT-NEXT: post + = 2279
// OUT-NEXT: pre +(2279, 68)
// OUT-NEXT: post + = 2347
// OUT-NEXT: pre +(2347, 69)
// OUT-NEXT: post + = 2416
// OUT-NEXT: result 2416 plain 2416
#include "trace_context.hpp"

// clang-format off
int nested(int x) { return (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((x + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19 + 20 + 21 + 22 + 23 + 24 + 25 + 26 + 27 + 28 + 29 + 30 + 31 + 32 + 33 + 34 + 35 + 36 + 37 + 38 + 39 + 40 + 41 + 42 + 43 + 44 + 45 + 46 + 47 + 48 + 49 + 50 + 51 + 52 + 53 + 54 + 55 + 56 + 57 + 58 + 59 + 60 + 61 + 62 + 63 + 64 + 65 + 66 + 67 + 68 + 69))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))); }
// clang-format on
// CHECK-LABEL: cassette_twin_nested(::cassette::Twin
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x + 1 + 2 + 3 + 4 + 5
// REPORT: "site nested more than 200 expressions and statements deep: rewriting it would pass clang's limit of 256 nested brackets": 66

int main() { return golden::run(CASSETTE_FN(nested), 1); }

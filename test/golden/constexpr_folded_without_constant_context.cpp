// Whole-program mode: clang folds a GNU `vector_size` argument and
// `__builtin_constant_p`'s operand to a constant where
// `__builtin_is_constant_evaluated()` is false, and code generation folds
// the builtin the same way. A constexpr function's forward to its twin
// would be taken there and stop the folding: `vector_size(lanes() * ...)`
// would not compile (the whole rewrite failed), `__builtin_constant_p(
// cube(3))` would turn from 1 to 0. Such functions, named where the
// parser reads them (through a macro too), and the constexpr functions
// they call, keep their originals unforwarded; others forward.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre ==(1, 1)
// OUT-NEXT: post == = true
// OUT-NEXT: pre ==(8, 8)
// OUT-NEXT: post == = true
// OUT-NEXT: pre *(4, 4)
// OUT-NEXT: post * = 16
// OUT-NEXT: pre ==(16, 16)
// OUT-NEXT: post == = true
// OUT-NEXT: pre square(3)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post square = 9
// OUT-NEXT: pre ==(9, 9)
// OUT-NEXT: post == = true
#include "trace_context.hpp"

constexpr int square(int x) { return x * x; }
// CHECK: constexpr int square(int x) { return x * x; }
constexpr int lanes() { return square(2); }
// CHECK: constexpr int lanes() { return square(2); }
constexpr int cube(int x) { return x * x * x; }
// CHECK: constexpr int cube(int x) { return x * x * x; }
constexpr int twice(int x) { return x + x; }
// CHECK: constexpr int twice(int x) { if (!__builtin_is_constant_evaluated() && ::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_twice)(

#define IS_CONSTANT(e) __builtin_constant_p(e)

typedef int lanes4 __attribute__((vector_size(lanes() * sizeof(int))));

static int folded = IS_CONSTANT(cube(3));  // a static initialiser: outside the twins
static int four = 4;
static int doubled = twice(four);  // not a constant: forwards, its `+` is seen

int main() {
  lanes4 v = {1, 2, 3, 4};
  return folded == 1 && doubled == 8 && sizeof v == 4 * sizeof(int) && square(3) == 9 ? 0 : 1;
}

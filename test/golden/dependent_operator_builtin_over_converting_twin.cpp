// A dependent operator whose operands are of no class type (enumerations):
// the builtin operator takes them as they are, and wins over a user-declared
// operator that would need a conversion (`Outline(Kind)` below), so that
// operator's twin must not be taken for it (flatbuffers' `TestEnum !=
// TestEnum` beside `operator!=(const NestedStruct&, const NestedStruct&)`
// ran the struct's operator on two converted temporaries). An operator that
// takes the enumeration itself (a bitmask enum's `operator|`) is what the
// expression calls: its twin is taken.
// (The dependent `|` is traced as an operator; the twin of shapes::operator| runs
// inside it, its own `|`s traced.)
// OUT: pre differ(0, 0)
// OUT-NEXT:   pre !=(0, 0)
// OUT-NEXT:   post != = false
// OUT-NEXT: post differ = false
// OUT-NEXT: pre *(false, 10)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre combined(1, 2)
// OUT-NEXT:   pre |(1, 2)
// OUT-NEXT:     pre |(1, 2)
// OUT-NEXT:     post | = 3
// OUT-NEXT:     pre |(3, 4)
// OUT-NEXT:     post | = 7
// OUT-NEXT:   post | = 7
// OUT-NEXT: post combined = 7
// OUT-NEXT: pre +(0, 7)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre raised(1, 1)
// OUT-NEXT:   pre +(1, 1)
// OUT-NEXT:     pre +(1, 1)
// OUT-NEXT:     post + = 2
// OUT-NEXT:     pre +(2, 100)
// OUT-NEXT:     post + = 102
// OUT-NEXT:   post + = 102
// OUT-NEXT: post raised = 102
// OUT-NEXT: pre +(7, 102)
// OUT-NEXT: post + = 109
// OUT-NEXT: result 109 plain 109
#include "trace_context.hpp"

namespace shapes {
enum class Kind : signed char { circle, square };
struct Outline {
  Kind kind;
  Outline(Kind k) : kind(k) {}  // converts from a Kind
};
// Two outlines differ unless they are the same object.
inline bool operator!=(const Outline& l, const Outline& r) { return &l != &r; }
enum Flags : unsigned { none = 0, bold = 1, italic = 2 };
inline Flags operator|(Flags a, Flags b) { return Flags(unsigned(a) | unsigned(b) | 4u); }
// Taken with a promotion of the right operand (a short), as the expression does.
enum class Level : int { low = 1 };
inline Level operator+(Level l, int by) { return Level(int(l) + by + 100); }
}  // namespace shapes

template <class T, class U>
bool differ(T a, U b) {
  return a != b;
}
template <class T>
T combined(T a, T b) {
  return a | b;
}
template <class T, class U>
T raised(T l, U by) {
  return l + by;
}

int use(int) {
  return differ(shapes::Kind::circle, shapes::Kind::circle) * 10 + combined(shapes::bold, shapes::italic) +
         static_cast<int>(raised(shapes::Level::low, short(1)));
}

int main() { return golden::run(CASSETTE_FN(use), 0); }

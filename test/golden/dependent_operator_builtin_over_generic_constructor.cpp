// A dependent operator whose operands are enumerations, beside an operator
// on a class with a constructor template that takes anything
// (`template <class T> Value(T&&)`): that operator is no candidate for them
// ([over.match.oper]: with no class operand, only an operator taking an
// enumeration operand as its own type is), so the builtin operator runs and
// the class operator's twin must not be taken, though it would accept the
// operands. The same for a unary operator. An operator taking the
// enumeration itself beside the class is still entered.
// CHECK: cassette_p::class_operand || !requires { cassette_twin_operator_ExclaimEqual(cassette_t, cassette_p::none(CASSETTE_FWD(cassette_a0)), cassette_p::none(CASSETTE_FWD(cassette_a1))); }
// OUT: pre differ(0, 0)
// OUT-NEXT:   pre !=(0, 0)
// OUT-NEXT:   post != = false
// OUT-NEXT: post differ = false
// OUT-NEXT: pre *(false, 10)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre negated(1)
// OUT-NEXT:   pre -(1)
// OUT-NEXT:   post - = 4294967295
// OUT-NEXT: post negated = -1
// OUT-NEXT: pre +(0, -1)
// OUT-NEXT: post + = -1
// OUT-NEXT: pre +(-1, 5)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre toggled(0, 0)
// OUT-NEXT:   pre ^(0, 0)
// OUT-NEXT:     pre data::entered(1)
// OUT-NEXT:     post data::entered = 1
// OUT-NEXT:   post ^ = 1
// OUT-NEXT: post toggled = 1
// OUT-NEXT: pre *(1, 100)
// OUT-NEXT: post * = 100
// OUT-NEXT: pre +(4, 100)
// OUT-NEXT: post + = 104
// OUT-NEXT: pre data::Value::Value(1)
// OUT-NEXT: post data::Value::Value = _
// OUT-NEXT: pre data::Value::Value(2)
// OUT-NEXT: post data::Value::Value = _
// OUT-NEXT: pre differ(_, _)
// OUT-NEXT:   pre !=(_, _)
// OUT-NEXT:     pre data::entered(1)
// OUT-NEXT:     post data::entered = 1
// OUT-NEXT:     pre ==(1, 1)
// OUT-NEXT:     post == = true
// OUT-NEXT:   post != = true
// OUT-NEXT: post differ = true
// OUT-NEXT: pre *(true, 1000)
// OUT-NEXT: post * = 1000
// OUT-NEXT: pre +(104, 1000)
// OUT-NEXT: post + = 1104
// OUT-NEXT: result 1104 plain 1104
#include "trace_context.hpp"

namespace data {
enum class Kind { number, text };
enum Flags : unsigned { none = 0, bold = 1, italic = 2 };
struct Value {
  template <class T>
  Value(T&&) {}  // takes anything
};
// Every two values differ; every value negates to 1000. Each operator calls
// `entered`, which the trace shows where its twin runs.
inline int entered(int n) { return n; }
inline bool operator!=(const Value&, const Value&) { return entered(1) == 1; }
inline int operator-(const Value&) { return entered(1000); }
inline Kind operator^(Kind, const Value&) { return Kind(entered(1)); }
}  // namespace data

template <class T>
bool differ(T a, T b) {
  return a != b;
}
template <class T>
int negated(T a) {
  return -a;
}
template <class T>
T toggled(T a, T b) {
  return a ^ b;
}

int use(int) {
  return differ(data::Kind::number, data::Kind::number) * 10 + negated(data::bold) + 5 +
         static_cast<int>(toggled(data::Kind::number, data::Kind::number)) * 100 +
         differ(data::Value(1), data::Value(2)) * 1000;
}

int main() { return golden::run(CASSETTE_FN(use), 0); }

// A member of an object whose type depends on a template parameter, which in
// that class template is a bit-field (fmt's `specs.align` for a
// basic_format_specs<Char>): no reference binds to it, so as an argument it
// is evaluated in the invoker as written, and an operator on it stays as
// written (reported: bit_field_operand).
// REPORT: "reason_id": "bit_field_operand"
// OUT: pre check(_)
// OUT-NEXT:   pre take()
// OUT-NEXT:   post take = 2
// OUT-NEXT:   pre +(2, 10)
// OUT-NEXT:   post + = 12
// OUT-NEXT: post check = 12
// OUT-NEXT: pre +(12, 3)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include "trace_context.hpp"

enum class align { none, left, numeric };

template <class Char>
struct specs {
  align a : 4;
  Char fill;
};

int take(align a) { return static_cast<int>(a); }

template <class Char>
int check(const specs<Char>& s) {
  return take(s.a) + (s.a == align::numeric ? 10 : 0);
}
// CHECK-LABEL: cassette_twin_check(::cassette::Twin
// CHECK: -> decltype(auto) { return take(s.a); }
// CHECK: s.a == align::numeric

int use(int n) {
  specs<char> s{align::numeric, '*'};
  return check(s) + n;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A class with a constructor template that takes anything (fmt's test
// `template <class T> constexpr custom_char(T val)`), built in a template of
// the tree (`Char()` in fmt's digit grouping): the template would take the
// context as well and fail in its body, so the construction runs as written.
#include "trace_context.hpp"

struct custom_char {
  int value;
  custom_char() = default;
  template <typename T>
  constexpr custom_char(T val) : value(static_cast<int>(val)) {}
  operator int() const { return value; }
};

template <class Char>
int separator() {
  Char c = Char();
  return static_cast<int>(c) + 1;
}
// CHECK-LABEL: cassette_twin_separator(::cassette::Twin
// CHECK: if constexpr (requires { ::cassette::rt::construct_twin<Char, false>(cassette_t); })

int use(int n) { return separator<custom_char>() * 0 + separator<int>() + n; }

int main() { return golden::run(CASSETTE_FN(use), 2); }
// OUT: pre separator()
// OUT-NEXT:   pre Char()
// OUT-NEXT:   post Char = _
// OUT-NEXT:   pre +(0, 1)
// OUT-NEXT:   post + = 1
// OUT-NEXT: post separator = 1
// OUT-NEXT: pre *(1, 0)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre separator()
// OUT-NEXT:   pre Char()
// OUT-NEXT:   post Char = 0
// OUT-NEXT:   pre +(0, 1)
// OUT-NEXT:   post + = 1
// OUT-NEXT: post separator = 1
// OUT-NEXT: pre +(0, 1)
// OUT-NEXT: post + = 1
// OUT-NEXT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3

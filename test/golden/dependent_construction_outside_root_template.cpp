// A construction in a template of a class template declared outside --root
// (`std::basic_string<Char>(p, n)` in fmt's to_string): it has no twin
// constructors, so none is probed for (the probe checks its constructors
// against the context, which instantiated fmt's test type's constructor
// template `custom_char(T val)` and failed); the construction is hooked.
#include <string>

#include "trace_context.hpp"

struct custom_char {
  int value;
  custom_char() = default;
  template <typename T>
  constexpr custom_char(T val) : value(static_cast<int>(val)) {}
  operator int() const { return value; }
};

template <class Char>
int length(const Char* p, int n) {
  return static_cast<int>(std::basic_string<Char>(p, static_cast<std::size_t>(n)).size());
}
// CHECK-LABEL: cassette_twin_length(::cassette::Twin
// CHECK: ::cassette::fn<"std::basic_string<Char>">
// CHECK-NOT: construct_twin<std::basic_string<Char>

int use(int n) {
  custom_char text[3] = {custom_char('a'), custom_char('b'), custom_char('c')};
  return length(text, n);
}

int main() { return golden::run(CASSETTE_FN(use), 2); }
// OUT: pre custom_char::custom_char('a')
// OUT-NEXT: post custom_char::custom_char = _
// OUT-NEXT: pre custom_char::custom_char('b')
// OUT-NEXT: post custom_char::custom_char = _
// OUT-NEXT: pre custom_char::custom_char('c')
// OUT-NEXT: post custom_char::custom_char = _
// OUT-NEXT: pre length(ptr, 2)
// OUT-NEXT:   pre std::basic_string<Char>(ptr, 2)
// OUT-NEXT:   post std::basic_string<Char> = _
// OUT-NEXT:   pre size(_)
// OUT-NEXT:   post size = 2
// OUT-NEXT: post length = 2
// OUT-NEXT: result 2 plain 2

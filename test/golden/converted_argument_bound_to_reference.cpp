// An argument converted to a temporary that a reference parameter binds to
// (a string literal for a `const std::string&`, an int for a `const
// double&`, as `std::min<double>(n, 0.5)` takes it): the temporary is made
// where the call is written, copy-initialized as the parameter would be, so
// that it lives to the end of the full expression as in the original. The
// conversion ran in the invoker before, and the reference `longer` and
// `smaller` return to it dangled when `use` read it. A temporary of the
// written type (`9.5`) was made there already.
// OUT: pre longer("three", "xy")
// OUT-NEXT:   pre std::basic_string::size("three")
// OUT-NEXT:   post std::basic_string::size = 5
// OUT-NEXT:   pre std::basic_string::size("xy")
// OUT-NEXT:   post std::basic_string::size = 2
// OUT-NEXT:   pre >=(5, 2)
// OUT-NEXT:   post >= = true
// OUT-NEXT: post longer = "three"
// OUT-NEXT: pre std::basic_string::size("three")
// OUT-NEXT: post std::basic_string::size = 5
// OUT-NEXT: pre smaller(1, 9.5)
// OUT-NEXT:   pre <(9.5, 1)
// OUT-NEXT:   post < = false
// OUT-NEXT: post smaller = 1
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre +(6, 0)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include <string>

#include "trace_context.hpp"

const std::string& longer(const std::string& a, const std::string& b) { return a.size() >= b.size() ? a : b; }
const double& smaller(const double& a, const double& b) { return b < a ? b : a; }

int use(int x) {
  int scratch[16] = {};
  return int(longer("three", "xy").size()) + int(smaller(x, 9.5)) + scratch[x];
}
// CHECK: ::cassette::rt::list_initialized<::std::string>("three").value, ::cassette::rt::list_initialized<::std::string>("xy").value))
// CHECK-SAME: ::cassette::rt::list_initialized<double>(x).value, 9.5)

int main() { return golden::run(CASSETTE_FN(use), 1); }

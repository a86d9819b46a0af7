// `__func__`, `__FUNCTION__` and `__PRETTY_FUNCTION__` written in a body
// name the function they stand in; in the twin that would be
// `cassette_twin_where` (a logger's message, an assertion's). The twin gets
// the original's names as string literals, as clang computed them for the
// original. A template's twin names each instance as the original would
// (golden function_name_in_template_twin).
// OUT: pre where(1)
// OUT-NEXT:   pre std::basic_string::basic_string(ptr)
// OUT-NEXT:   post std::basic_string::basic_string = "where"
// OUT-NEXT:   pre std::operator+("where", ptr)
// OUT-NEXT:   post std::operator+ = "where "
// OUT-NEXT:   pre std::operator+("where ", ptr)
// OUT-NEXT:   post std::operator+ = "where where"
// OUT-NEXT:   pre std::operator+("where where", ptr)
// OUT-NEXT:   post std::operator+ = "where where "
// OUT-NEXT:   pre std::operator+("where where ", ptr)
// OUT-NEXT:   post std::operator+ = "where where std::string where(int)"
// OUT-NEXT: post where = "where where std::string where(int)"
// OUT-NEXT: pre std::basic_string::size("where where std::string where(int)")
// OUT-NEXT: post std::basic_string::size = 34
// OUT-NEXT: result 34 plain 34
#include <string>

#include "trace_context.hpp"

std::string where(int) { return std::string(__func__) + " " + __FUNCTION__ + " " + __PRETTY_FUNCTION__; }

int use(int x) { return int(where(x).size()); }
// CHECK: cassette_twin_where(
// CHECK-SAME: "where"
// CHECK-SAME: "std::string where(int)"

int main() { return golden::run(CASSETTE_FN(use), 1); }

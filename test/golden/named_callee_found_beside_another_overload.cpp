// A call whose name, where it is written, finds more than its callee
// (yaml-cpp's convert.cpp: an unnamed namespace's `tolower(const
// std::string&)` called from namespace YAML, where <cctype>'s ::tolower(int)
// is found too) cannot pass the callee as `named<&tolower>`: the address of
// an overloaded name has no type ("non-type template parameter 'P' with
// type 'auto' has incompatible initializer of type '<overloaded function
// type>'"), and the check took decode's twin away. Such a site keeps its
// invoker lambdas; a name that means one function still goes by address.
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre Y::decode(2)
// OUT-NEXT:   pre std::basic_string::basic_string(2, 'A')
// OUT-NEXT:   post std::basic_string::basic_string = "AA"
// OUT-NEXT:   pre (anonymous namespace)::tolower("AA")
// OUT-NEXT:     pre std::basic_string::size("AA")
// OUT-NEXT:     post std::basic_string::size = 2
// OUT-NEXT:     pre std::basic_string::basic_string(2, 'a')
// OUT-NEXT:     post std::basic_string::basic_string = "aa"
// OUT-NEXT:   post (anonymous namespace)::tolower = "aa"
// OUT-NEXT:   pre std::operator==("aa", ptr)
// OUT-NEXT:   post std::operator== = true
// OUT-NEXT:   pre Y::shout("AA")
// OUT-NEXT:     pre std::operator+("AA", ptr)
// OUT-NEXT:     post std::operator+ = "AA!"
// OUT-NEXT:   post Y::shout = "AA!"
// OUT-NEXT:   pre std::operator==("AA!", ptr)
// OUT-NEXT:   post std::operator== = true
// OUT-NEXT: post Y::decode = 1
// OUT-NEXT: result 1 plain 1
#include <cctype>
#include <string>

#include "trace_context.hpp"

namespace {
std::string tolower(const std::string& s) { return std::string(s.size(), 'a'); }
}  // namespace

namespace Y {
std::string shout(const std::string& s) { return s + "!"; }
int decode(int n) {
  std::string word(static_cast<std::size_t>(n), 'A');
  return tolower(word) == "aa" && shout(word) == "AA!" ? 1 : 0;
}
// CHECK-LABEL: cassette_twin_decode(
// CHECK-NOT: named<&tolower>
// CHECK: fn<"(anonymous namespace)::tolower">({{.*}}), [&](auto&& cassette_a0) -> decltype(auto) { return tolower(CASSETTE_FWD(cassette_a0)); }
// CHECK-SAME: named<&shout>
}  // namespace Y

int entry(int n) { return Y::decode(n); }

int main() { return golden::run(CASSETTE_FN(entry), 2); }

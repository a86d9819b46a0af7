// A captureless lambda whose type the function names: `std::set<int,
// decltype(byLength)> s;` default-constructs the comparator, which C++20
// allows only for a closure without captures. It stays captureless (its body
// runs as written, reported). A type that spells the closure's
// (`std::set<std::string, decltype(byLength)>::value_type`, the temporary
// `"abc"` converts to for `insert`) has no name outside the function: the
// temporary is spelled by its canonical type, `std::string`.
// OUT: pre std::set::insert(_, "abc")
// OUT-NEXT: post std::set::insert = _
// OUT-NEXT: pre std::basic_string::basic_string(2, 'z')
// OUT-NEXT: post std::basic_string::basic_string = "zz"
// OUT-NEXT: pre std::set::insert(_, "zz")
// OUT-NEXT: post std::set::insert = _
// OUT-NEXT: pre std::set::size(_)
// OUT-NEXT: post std::set::size = 2
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4
#include <set>
#include <string>

#include "trace_context.hpp"

int use(int x) {
  auto byLength = [](const std::string& a, const std::string& b) { return a.size() < b.size(); };
  std::set<std::string, decltype(byLength)> s;
  s.insert("abc");
  s.insert(std::string(x, 'z'));
  return int(s.size()) + x;
}
// CHECK: cassette_twin_use(
// CHECK-NEXT: auto byLength = [](const std::string& a, const std::string& b) { return a.size() < b.size(); };
// CHECK: list_initialized<::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char>>>("abc")
// REPORT: "what": "lambda"
// REPORT-NEXT: "reason_id": "captureless_lambda_type_named"

int main() { return golden::run(CASSETTE_FN(use), 2); }

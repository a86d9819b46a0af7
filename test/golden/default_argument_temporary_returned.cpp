// A call whose default argument makes a temporary for a reference parameter
// of a callee that returns a reference (a getter's `const std::string&
// fallback = std::string("none")`). The invoker would evaluate the default,
// and the temporary would die when the invoker returned, before the caller
// read the reference the callee returned to it. In the original it lives to
// the end of the full expression: the call stays as written and is
// reported. A default that makes no temporary (`orElse(p, a)`) or a callee
// returning a value (`length(a)`) is hooked as any call.
// OUT: pre std::basic_string::size("abc")
// OUT-NEXT: post std::basic_string::size = 3
// OUT-NEXT: pre std::basic_string::size("none")
// OUT-NEXT: post std::basic_string::size = 4
// OUT-NEXT: pre +(3, 4)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre orElse(_, "abc")
// OUT-NEXT: post orElse = "abc"
// OUT-NEXT: pre std::basic_string::size("abc")
// OUT-NEXT: post std::basic_string::size = 3
// OUT-NEXT: pre +(7, 3)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre length("abc")
// OUT-NEXT:   pre std::basic_string::size("abc")
// OUT-NEXT:   post std::basic_string::size = 3
// OUT-NEXT:   pre std::basic_string::size("!")
// OUT-NEXT:   post std::basic_string::size = 1
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post length = 4
// OUT-NEXT: pre +(10, 4)
// OUT-NEXT: post + = 14
// OUT-NEXT: result 14 plain 14
#include <string>

#include "trace_context.hpp"

const std::string& orElse(const std::string* s, const std::string& fallback = std::string("none")) {
  return s ? *s : fallback;
}
int length(const std::string& s, const std::string& suffix = "!") { return int(s.size() + suffix.size()); }

int use(int x) {
  std::string a = "abc";
  return int(orElse(x ? &a : nullptr).size()) + int(orElse(nullptr).size()) + int(orElse(nullptr, a).size()) +
         length(a);
}
// CHECK: int(orElse(
// REPORT: "what": "orElse"
// REPORT-NEXT: "reason_id": "default_argument_temporary_returned"

int main() { return golden::run(CASSETTE_FN(use), 1); }

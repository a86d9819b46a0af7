// A fluent setter whose default argument makes a temporary for a reference
// parameter (muparser's `ParserToken& SetVal(double, const std::string& tok =
// std::string())`). The invoker evaluates the default, and its temporary dies
// there, but the `Token&` the setter returns cannot point into a
// std::string: nothing in a string's fields leads to a Token. The call is
// hooked like any other. A callee whose result can point into the temporary
// (a `const char*` into the string's characters, an `Item&` into a
// default vector of items) stays as written and is reported.
// OUT: pre Token::set(_, 2)
// OUT-NEXT:   pre +=(0, 2)
// OUT-NEXT:   post += = 2
// OUT-NEXT:   pre std::basic_string::operator=("", "")
// OUT-NEXT:   post std::basic_string::operator= = ""
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Token::set = _
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre Token::set(_, 3)
// OUT-NEXT:   pre +=(2, 3)
// OUT-NEXT:   post += = 5
// OUT-NEXT:   pre std::basic_string::operator=("", "")
// OUT-NEXT:   post std::basic_string::operator= = ""
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Token::set = _
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 'x'
// OUT-NEXT: pre ==('x', 'x')
// OUT-NEXT: post == = true
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre +(6, 7)
// OUT-NEXT: post + = 13
// OUT-NEXT: result 13 plain 13
#include <cstring>
#include <string>
#include <vector>

#include "trace_context.hpp"

struct Token {
  int value = 0;
  std::string name;
  Token& set(int v, const std::string& n = std::string()) {
    value += v;
    name = n;
    return *this;
  }
};

struct Item {
  int weight = 7;
};

const char* text(const std::string& s = std::string("x")) { return s.c_str(); }
const Item& first(const std::vector<Item>& items = std::vector<Item>(1)) { return items.front(); }

int use(int x) {
  Token t;
  t.set(2).set(x + 1);
  return t.value + int(text()[0] == 'x') + first().weight;
}
// CHECK: cassette_twin_use(
// CHECK-NOT: t.set(2)
// CHECK: op::subscript{}, text(), 0)
// CHECK-SAME: first().weight
// REPORT: "what": "text"
// REPORT-NEXT: "reason_id": "default_argument_temporary_returned"
// REPORT: "what": "first"
// REPORT-NEXT: "reason_id": "default_argument_temporary_returned"

int main() { return golden::run(CASSETTE_FN(use), 2); }

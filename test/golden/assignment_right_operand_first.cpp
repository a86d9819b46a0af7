// C++17 evaluates an assignment's right operand before its left one, for
// `=` and every compound assignment, builtin or overloaded and written as an
// operator: `names[key("a")] = label("b")` calls label first. As the two
// arguments of one call (clang evaluates them left to right) the order would
// flip, so where it shows (an operand with side effects, the other not a
// constant nor a plain variable) the call takes them in a braced list,
// right first, and its hooks still see them left first. `total += next(..)`
// (a plain variable on the left) keeps the ordinary form.
// OUT: pre label("b")
// OUT-NEXT:   pre std::basic_string::c_str("b")
// OUT-NEXT:   post std::basic_string::c_str = ptr
// OUT-NEXT:   pre std::printf(ptr, ptr)
// OUT-NEXT: label b
// OUT-NEXT:   post std::printf = 8
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT:   pre std::to_string(1)
// OUT-NEXT:   post std::to_string = "1"
// OUT-NEXT:   pre std::operator+("b", "1")
// OUT-NEXT:   post std::operator+ = "b1"
// OUT-NEXT: post label = "b1"
// OUT-NEXT: pre key("a")
// OUT-NEXT:   pre std::basic_string::c_str("a")
// OUT-NEXT:   post std::basic_string::c_str = ptr
// OUT-NEXT:   pre std::printf(ptr, ptr)
// OUT-NEXT: key a
// OUT-NEXT:   post std::printf = 6
// OUT-NEXT:   pre %(1, 2)
// OUT-NEXT:   post % = 1
// OUT-NEXT: post key = 1
// OUT-NEXT: pre std::map::operator[](_, 1)
// OUT-NEXT: post std::map::operator[] = ""
// OUT-NEXT: pre std::basic_string::operator=("", "b1")
// OUT-NEXT: post std::basic_string::operator= = "b1"
// OUT-NEXT: pre next("c")
// OUT-NEXT:   pre std::basic_string::c_str("c")
// OUT-NEXT:   post std::basic_string::c_str = ptr
// OUT-NEXT:   pre std::printf(ptr, ptr)
// OUT-NEXT: next c
// OUT-NEXT:   post std::printf = 7
// OUT-NEXT:   pre ++(1)
// OUT-NEXT:   post ++ = 2
// OUT-NEXT: post next = 2
// OUT-NEXT: pre key("d")
// OUT-NEXT:   pre std::basic_string::c_str("d")
// OUT-NEXT:   post std::basic_string::c_str = ptr
// OUT-NEXT:   pre std::printf(ptr, ptr)
// OUT-NEXT: key d
// OUT-NEXT:   post std::printf = 6
// OUT-NEXT:   pre %(2, 2)
// OUT-NEXT:   post % = 0
// OUT-NEXT: post key = 0
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre +=(0, 2)
// OUT-NEXT: post += = 2
// OUT-NEXT: pre next("e")
// OUT-NEXT:   pre std::basic_string::c_str("e")
// OUT-NEXT:   post std::basic_string::c_str = ptr
// OUT-NEXT:   pre std::printf(ptr, ptr)
// OUT-NEXT: next e
// OUT-NEXT:   post std::printf = 7
// OUT-NEXT:   pre ++(2)
// OUT-NEXT:   post ++ = 3
// OUT-NEXT: post next = 3
// OUT-NEXT: pre +=(0, 3)
// OUT-NEXT: post += = 3
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 2
// OUT-NEXT: pre +(3, 2)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre [](_, 1)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre +(5, 0)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre std::map::operator[](_, 0)
// OUT-NEXT: post std::map::operator[] = ""
// OUT-NEXT: pre std::basic_string::size("")
// OUT-NEXT: post std::basic_string::size = 0
// OUT-NEXT: pre std::map::operator[](_, 1)
// OUT-NEXT: post std::map::operator[] = "b1"
// OUT-NEXT: pre std::basic_string::size("b1")
// OUT-NEXT: post std::basic_string::size = 2
// OUT-NEXT: pre +(0, 2)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre +(5, 2)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre +(7, 3)
// OUT-NEXT: post + = 10
// OUT-NEXT: label b
// OUT-NEXT: key a
// OUT-NEXT: next c
// OUT-NEXT: key d
// OUT-NEXT: next e
// OUT-NEXT: result 10 plain 10
#include <cstdio>
#include <map>
#include <string>

#include "trace_context.hpp"

static int calls = 0;
int key(const std::string& s) {
  std::printf("key %s\n", s.c_str());
  return calls % 2;
}
int next(const std::string& s) {
  std::printf("next %s\n", s.c_str());
  return ++calls;
}
std::string label(const std::string& s) {
  std::printf("label %s\n", s.c_str());
  return s + std::to_string(++calls);
}

int use(int x) {
  calls = 0;
  std::map<int, std::string> names;
  int cells[2] = {0, 0};
  int total = 0;
  names[key("a")] = label("b");
  cells[key("d")] += next("c");
  total += next("e");
  return total + cells[0] + cells[1] + int(names[0].size() + names[1].size()) + x;
}
// CHECK: cassette_twin_use(
// CHECK: ::cassette::rt::call_right_first(
// CHECK: ::cassette::rt::call_op_right_first(cassette_ctx_, ::cassette::op::add_assign{}, ::cassette::rt::right_first{
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, total,

int main() { return golden::run(CASSETTE_FN(use), 3); }

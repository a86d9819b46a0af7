// Calls into the standard library are primitives: the callee is declared
// outside --root, so there is no twin invoker (cassette::no_twin) and the
// original runs; hooks still see the call and its arguments. std::max is a
// function template, std::abs an overload set brought in from C.
// Copy-initialising a std::string from a literal converts implicitly: that
// is not a written call and stays as it is.
// OUT: pre std::max(3, 4)
// OUT-NEXT: post std::max = 4
// OUT-NEXT: pre -(3)
// OUT-NEXT: post - = -3
// OUT-NEXT: pre std::abs(-3)
// OUT-NEXT: post std::abs = 3
// OUT-NEXT: pre +(4, 3)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre std::basic_string::size("abc")
// OUT-NEXT: post std::basic_string::size = 3
// OUT-NEXT: pre +(7, 3)
// OUT-NEXT: post + = 10
// OUT-NEXT: result 10 plain 10
#include <algorithm>
#include <cstdlib>
#include <string>

#include "trace_context.hpp"

long use(int x) {
  std::string s = "abc";
  return std::max(x, 4) + std::abs(-x) + s.size();
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: std::string s = "abc";
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::max">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) { return std::max(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); },
// CHECK-SAME: ::cassette::rt::no_twin{}, x, 4)
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::abs">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return std::abs(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: ::cassette::rt::no_twin{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::neg{}, x))
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::basic_string::size">({{.*}}), {{.*}}, ::cassette::rt::no_twin{}, s)

int main() { return golden::run(CASSETTE_FN(use), 3); }

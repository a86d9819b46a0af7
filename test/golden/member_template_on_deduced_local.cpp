// A twin is a template: a local declared `auto` from a rewritten call has a
// dependent type there, and a member template named on it with template
// arguments needs `template` (CLI11's `auto opt = app["-c"];
// CHECK(1 == opt->as<int>());`). A call the rewriter leaves as written (here
// in the argument of a test framework's macro, which also turns it into a
// string, under --no-expand-macros) gets the keyword before the member's
// name; a rewritten call writes its own.
// REWRITE-ARGS: --no-expand-macros
// OUT: pre App::operator[](_, ptr)
// OUT-NEXT: post App::operator[] = ptr
// OUT-NEXT: pre Option::as(_)
// OUT-NEXT:   pre std::basic_string::size("3")
// OUT-NEXT:   post std::basic_string::size = 1
// OUT-NEXT: post Option::as = 1
// OUT-NEXT: pre +(0, 1)
// OUT-NEXT: post + = 1
// OUT-NEXT: pre -(1, 1)
// OUT-NEXT: post - = 0
// OUT-NEXT: result 0 plain 0
#include <string>

#include "outside.hpp"
#include "trace_context.hpp"

struct Option {
  std::string value = "3";
  template <typename T>
  T as() const {
    return static_cast<T>(value.size());
  }
};

struct App {
  Option option;
  Option* operator[](const char*) { return &option; }
};

int use(int expected) {
  App app;
  auto opt = app["-c"];
  int failed = OUTSIDE_CHECK(expected == opt->as<int>());
  (void)__builtin_constant_p(opt->as<int>() == expected);  // unevaluated, as in Catch2's CHECK
  return failed + opt->as<int>() - expected;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: OUTSIDE_CHECK(expected == opt->template as<int>());
// CHECK-NEXT: (void)__builtin_constant_p(opt->template as<int>() == expected);
// CHECK: .template as<int>()

int main() { return golden::run(CASSETTE_FN(use), 1); }

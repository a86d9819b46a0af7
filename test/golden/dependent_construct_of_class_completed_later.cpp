// A construction with dependent arguments of a class that is complete only
// after the template (re2's `Arg(std::forward<A>(a))...` inside class RE2,
// whose nested class Arg is defined after RE2): the original is checked
// when instantiated, but an invoker's written result type `-> Arg` where it
// is written, incomplete there ("incomplete result type 'Arg' in lambda
// expression"), and the check took Full's twin away. The invoker's result
// is deduced (`decltype(auto)`) for such a class; Full keeps its twin.
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre R::Full(3, ptr)
// OUT-NEXT:   pre std::forward(ptr)
// OUT-NEXT:   post std::forward = ptr
// OUT-NEXT:   pre Arg(ptr)
// OUT-NEXT:   post Arg = _
// OUT-NEXT:   pre R::Apply(3, _)
// OUT-NEXT:     pre *(ptr)
// OUT-NEXT:     post * = 0
// OUT-NEXT:   post R::Apply = true
// OUT-NEXT: post R::Full = true
// OUT-NEXT: result 3 plain 3
#include <utility>

#include "trace_context.hpp"

struct R {
  class Arg;
  template <typename... A>
  static bool Full(int text, A&&... a) {
    return Apply(text, Arg(std::forward<A>(a))...);
  }
  // CHECK-LABEL: cassette_twin_Full(::cassette::Twin
  // CHECK-NEXT: ::cassette::fn<"Arg">("dependent_construct_of_class_completed_later.cpp", [[#]], [[#]]),
  // CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return Arg(CASSETTE_FWD(cassette_a0)); }
  static bool Apply(int text, const Arg& a1);
};

class R::Arg {
 public:
  Arg(int* p) : p_(p) {}
  int* p_;
};

bool R::Apply(int text, const Arg& a1) {
  *a1.p_ = text;
  return true;
}

int match(int text) {
  int x = 0;
  R::Full(text, &x);
  return x;
}

int main() { return golden::run(CASSETTE_FN(match), 3); }

// A condition variable converted to bool (`if (const Guard& g = Guard(x))`,
// as test frameworks' SUBCASE expands): the variable's name is its
// declaration, so the conversion goes in an init-statement's place,
// `if (const Guard& g = ...; <g converted>)`, where g keeps its scope. A
// while loop's condition variable has no such place: reported.
#include "trace_context.hpp"

struct Guard {
  explicit Guard(int v) : v(v) {}
  operator bool() const { return v > 0; }
  int v;
};

struct Level {
  explicit Level(int v) : v(v) {}
  operator int() const { return v % 3; }
  int v;
};

int f(int x) {
  if (const Guard& g = Guard(x)) return g.v;
  // CHECK-LABEL: cassette_twin_f(::cassette::Twin
  // CHECK: if (const Guard& g = ::cassette::rt::call({{.*}}); ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Guard::operator bool">{{.*}}g)) return g.v;
  switch (Level l = Level(x + 1)) {
    // CHECK: switch (Level l = ::cassette::rt::call({{.*}}); ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Level::operator int">{{.*}}l)) {
    case 0: return 0;
    default: return l.v;
  }
}

int count(int x) {
  int n = 0;
  while (Guard g = Guard(x - n)) ++n;
  // CHECK-LABEL: cassette_twin_count(::cassette::Twin
  // CHECK: while (Guard g = ::cassette::rt::call({{.*}})) ::cassette::rt::call_op(
  return n;
}

int both(int x) { return f(x) + f(0) + count(x); }

int main() { return golden::run(CASSETTE_FN(both), 2); }
// OUT: pre f(2)
// OUT-NEXT:   pre Guard::Guard(2)
// OUT-NEXT:   post Guard::Guard = _
// OUT-NEXT:   pre Guard::operator bool(_)
// OUT-NEXT:     pre >(2, 0)
// OUT-NEXT:     post > = true
// OUT-NEXT:   post Guard::operator bool = true
// OUT-NEXT: post f = 2
// OUT-NEXT: pre f(0)
// OUT-NEXT:   pre Guard::Guard(0)
// OUT-NEXT:   post Guard::Guard = _
// OUT-NEXT:   pre Guard::operator bool(_)
// OUT-NEXT:     pre >(0, 0)
// OUT-NEXT:     post > = false
// OUT-NEXT:   post Guard::operator bool = false
// OUT-NEXT:   pre +(0, 1)
// OUT-NEXT:   post + = 1
// OUT-NEXT:   pre Level::Level(1)
// OUT-NEXT:   post Level::Level = _
// OUT-NEXT:   pre Level::operator int(_)
// OUT-NEXT:     pre %(1, 3)
// OUT-NEXT:     post % = 1
// OUT-NEXT:   post Level::operator int = 1
// OUT-NEXT: post f = 1
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre count(2)
// OUT-NEXT:   pre -(2, 0)
// OUT-NEXT:   post - = 2
// OUT-NEXT:   pre Guard::Guard(2)
// OUT-NEXT:   post Guard::Guard = _
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT:   pre -(2, 1)
// OUT-NEXT:   post - = 1
// OUT-NEXT:   pre Guard::Guard(1)
// OUT-NEXT:   post Guard::Guard = _
// OUT-NEXT:   pre ++(1)
// OUT-NEXT:   post ++ = 2
// OUT-NEXT:   pre -(2, 2)
// OUT-NEXT:   post - = 0
// OUT-NEXT:   pre Guard::Guard(0)
// OUT-NEXT:   post Guard::Guard = _
// OUT-NEXT: post count = 2
// OUT-NEXT: pre +(3, 2)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5
// REPORT: "reason": "implicit conversion of a condition variable of a while or for loop, or of an if or switch with an init-statement or spelled in a macro",
// REPORT-NEXT: "what": "Guard::operator bool"

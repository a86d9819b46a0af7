// GNU `a ?: b` with a class operand: its condition is `a` converted by
// `operator bool` (an opaque copy of `a`, evaluated once). The calls in `a`
// and `b` are rewritten and `?:` stays, so that the compiler converts `a`
// itself; the conversion is not hooked. `b` runs only when `a` is false.
// CHECK: Flag h = ::cassette::rt::call({{.*}}"first"{{.*}} ?: ::cassette::rt::call({{.*}}"second"
// OUT: pre -(3, 3)
// OUT-NEXT: post - = 0
// OUT-NEXT: pre first(0)
// OUT-NEXT: post first = _
// OUT-NEXT: pre second(3)
// OUT-NEXT: post second = _
// OUT-NEXT: pre first(3)
// OUT-NEXT: post first = _
// OUT-NEXT: pre *(3, 10)
// OUT-NEXT: post * = 30
// OUT-NEXT: pre +(30, 3)
// OUT-NEXT: post + = 33
// OUT-NEXT: result 33 plain 33
#pragma clang diagnostic ignored "-Wgnu-conditional-omitted-operand"
#include "trace_context.hpp"

struct Flag {
  int v;
  explicit operator bool() const { return v != 0; }
};
Flag first(int v) { return Flag{v}; }
Flag second(int v) { return Flag{v}; }

int use(int n) {
  Flag h = first(n - 3) ?: second(n);
  Flag k = first(n) ?: second(n + 1);
  return h.v * 10 + k.v;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// `&&`, `||`, `?:` and `,` are not calls: they stay as written and keep
// their short-circuiting and sequencing; only their operands are rewritten.
// The call on the side that is not evaluated never happens: no boom hooks,
// and `calls` is still 0 at the end.
// OUT: pre no()
// OUT-NEXT: post no = false
// OUT-NEXT: pre yes()
// OUT-NEXT: post yes = true
// OUT-NEXT: pre yes()
// OUT-NEXT: post yes = true
// OUT-NEXT: pre yes()
// OUT-NEXT: post yes = true
// OUT-NEXT: pre +(false, true)
// OUT-NEXT: post + = 1
// OUT-NEXT: pre +(1, 5)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre +(6, 5)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre -(11, 5)
// OUT-NEXT: post - = 6
// OUT-NEXT: pre -(6, 0)
// OUT-NEXT: post - = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

int calls = 0;
bool no() { return false; }
bool yes() { return true; }
bool boom() { return ++calls > 100; }

int use(int x) {
  bool a = no() && boom();
  bool b = yes() || boom();
  int c = yes() ? x : boom();
  int d = (yes(), x);
  return a + b + c + d - x - calls;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: bool a = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"no">{{.*}} && ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"boom">
// CHECK: bool b = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"yes">{{.*}} || ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"boom">
// CHECK: int c = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"yes">{{.*}} ? x : ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"boom">
// CHECK: int d = (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"yes">{{.*}}, x);

int main() { return golden::run(CASSETTE_FN(use), 5); }

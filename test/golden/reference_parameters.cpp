// Reference parameters and returns pass through the call unchanged: a
// mutation through a reference parameter, and through a returned reference,
// is visible to the caller.
// OUT: pre bump(1)
// OUT-NEXT:   pre +=(1, 10)
// OUT-NEXT:   post += = 11
// OUT-NEXT: post bump = _
// OUT-NEXT: pre pick(11, 2)
// OUT-NEXT:   pre >(11, 2)
// OUT-NEXT:   post > = true
// OUT-NEXT: post pick = 11
// OUT-NEXT: pre +=(11, 100)
// OUT-NEXT: post += = 111
// OUT-NEXT: pre +(111, 2)
// OUT-NEXT: post + = 113
// OUT-NEXT: result 113 plain 113
#include "trace_context.hpp"

void bump(int& r) { r += 10; }
// CHECK-LABEL: cassette_twin_bump(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int& r)
int& pick(int& a, int& b) { return a > b ? a : b; }
// CHECK-LABEL: cassette_twin_pick(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int& a, int& b)

int use(int x) {
  int y = 2;
  bump(x);
  pick(x, y) += 100;
  return x + y;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"pick">

int main() { return golden::run(CASSETTE_FN(use), 1); }

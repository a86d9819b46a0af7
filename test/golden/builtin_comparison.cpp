// Builtin comparisons become primitive operations returning bool.
// OUT: pre <(1, 2)
// OUT-NEXT: post < = true
// OUT-NEXT: pre >=(1, 2)
// OUT-NEXT: post >= = false
// OUT-NEXT: pre ==(1, 1)
// OUT-NEXT: post == = true
// OUT-NEXT: pre !=(1, 2)
// OUT-NEXT: post != = true
// OUT-NEXT: pre <=(2, 1)
// OUT-NEXT: post <= = false
// OUT-NEXT: pre >(2.5, 1)
// OUT-NEXT: post > = true
// OUT: result 45 plain 45
#include "trace_context.hpp"

int compare(int a, int b) {
  bool lt = a < b;
  bool ge = a >= b;
  bool eq = a == 1;
  bool ne = a != b;
  bool le = b <= a;
  bool gt = 2.5 > a;
  return lt + 2 * ge + 4 * eq + 8 * ne + 16 * le + 32 * gt;
}
// CHECK-LABEL: cassette_twin_compare(::cassette::Twin
// CHECK: bool lt = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::lt{}, a, b);
// CHECK: bool ge = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::ge{}, a, b);
// CHECK: bool eq = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::eq{}, a, 1);
// CHECK: bool ne = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::ne{}, a, b);
// CHECK: bool le = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::le{}, b, a);
// CHECK: bool gt = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::gt{}, 2.5, a);

int main() { return golden::run(CASSETTE_FN(compare), 1, 2); }

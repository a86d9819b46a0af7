// insert_at_entry and insert_before_returns: statements, not calls. The
// original stays as written; the twin picks the edited body only for a
// context that names the pass.
// REWRITE-ARGS: --pass @PASSES@/libentry_exit.so
// The original, as written:
// CHECK-LABEL: int sign(int x) {
// CHECK-NEXT:   if (x < 0) return -1;
// CHECK-NEXT:   return x == 0 ? 0 : 1;
// CHECK-NEXT: }
// The twin: the edited body for contexts naming the pass, else the body as written.
// CHECK-LABEL: int cassette_twin_sign({{\[\[}}maybe_unused{{\]\]}} ::cassette::Twin<CassetteCtx> cassette_ctx_, int x) {
// CHECK-SAME: if constexpr (::cassette::rt::pass_mask<CassetteCtx, "entry_exit"> == 1u)
// CHECK: #line 1 "<pass entry_exit>"
// CHECK-NEXT: CASSETTE_NOOVERDUB(cassette_ctx_.context()).log("enter sign");
// CHECK: } else
// CHECK: if (::cassette::rt::call_op(cassette_ctx_, ::cassette::op::lt{}, x, 0))
// CHECK-SAME: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::neg{}, 1);
// The exit of a void function that falls off its end, and a return that runs after the statements:
// OUT: enter twice_sign
// OUT-NEXT: pre nothing(5)
// OUT-NEXT:   enter nothing
// OUT-NEXT:   leave nothing
// OUT-NEXT: post nothing = _
// OUT-NEXT: leave twice_sign
// OUT-NEXT: pre sign(5)
// OUT-NEXT:   enter sign
// OUT-NEXT:   pre <(5, 0)
// OUT-NEXT:   post < = false
// OUT-NEXT:   leave sign
// OUT-NEXT:   pre ==(5, 0)
// OUT-NEXT:   post == = false
// OUT-NEXT: post sign = 1
// OUT-NEXT: pre *(2, 1)
// OUT-NEXT: post * = 2
// OUT-NEXT: -- under a context that names no pass
// OUT-NEXT: pre nothing(5)
// OUT-NEXT: post nothing = _
// OUT-NEXT: pre sign(5)
// OUT-NEXT:   pre <(5, 0)
// OUT: result 2 without 2 plain 2
// REPORT: "kind": "insert_before_returns"
#include "pass_context.hpp"

int sign(int x) {
  if (x < 0) return -1;
  return x == 0 ? 0 : 1;
}
void nothing(int) {}
int twice_sign(int x) {
  nothing(x);
  return 2 * sign(x);
}

int main() { return passgolden::run(CASSETTE_FN(twice_sign), 5); }

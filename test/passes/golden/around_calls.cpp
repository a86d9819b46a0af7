// insert_before and insert_after: a statement that is not directly in a
// block (a loop's body) is braced with what is inserted. Calls in the
// inserted text are intercepted like written calls.
// REWRITE-ARGS: --pass @PASSES@/libaround_calls.so
// CHECK-LABEL: int walk(int n) {
// CHECK: for (int i = 0; i < n; ++i) step(i);
// CHECK-LABEL: int cassette_twin_walk(
// CHECK: if constexpr (::cassette::rt::pass_mask<CassetteCtx, "around_calls"> == 1u)
// Braced: `{` then the text before, the statement, the text after, `}`.
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::pre_inc{}, i)) {
// CHECK-NEXT: #line 1 "<pass around_calls>"
// CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"note">
// OUT: pre note(1)
// OUT-NEXT:   pre *(10, 1)
// OUT-NEXT:   post * = 10
// OUT-NEXT:   pre +=(0, 10)
// OUT-NEXT:   post += = 10
// OUT-NEXT: post note = _
// OUT-NEXT: pre step(0)
// OUT: post step = _
// OUT-NEXT: pre note(2)
// OUT: pre step(100)
// OUT: post step = _
// OUT-NEXT: pre note(2)
// OUT: -- under a context that names no pass
// OUT-NOT: note
// OUT: result 191 without 101 plain 101
#include "pass_context.hpp"

int total = 0;
void note(int k) { total += 10 * k; }
void step(int k) { total += k; }
int walk(int n) {
  total = 0;
  for (int i = 0; i < n; ++i) step(i);
  step(100);
  return total;
}

int main() { return passgolden::run(CASSETTE_FN(walk), 2); }

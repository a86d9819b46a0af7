// A call, a member call and builtin operators written in a macro argument
// that the macro expands exactly once are rewritten in place: the argument's
// spelling is edited and the macro stays as written. The macro's own call
// (`fail(__LINE__)`, spelled in its body) runs as written and is reported.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded): by default the use of EXPECT, whose body's call would be
// skipped, is replaced by its expansion (macro_body_call_expanded).
// REWRITE-ARGS: --no-expand-macros
// REPORT: "reason": "call spelled inside a macro body",
// REPORT-NEXT: "what": "fail"
// REPORT: "skipped_by_reason": {
// REPORT-NEXT: "call spelled inside a macro body": 1,
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre Box::get(_)
// OUT-NEXT: post Box::get = 3
// OUT-NEXT: pre *(2, 3)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre ==(6, 6)
// OUT-NEXT: post == = true
// OUT-NEXT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre twice(4)
// OUT:      pre +(0, 8)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include <cstdio>

#include "trace_context.hpp"

#define EXPECT(cond) ((cond) ? 0 : fail(__LINE__))
#define ID(x) x

int fail(int line) {
  std::printf("failed at line %d\n", line);
  return 1;
}

struct Box {
  int v;
  int get() const { return v; }
};

int twice(int x) { return 2 * x; }

int use(int x) {
  Box b{x};
  int r = EXPECT(twice(x) == 2 * b.get());
  return r + ID(twice(x + 1));
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: Box b{x};
// CHECK-NEXT: int r = EXPECT(::cassette::rt::call_op(cassette_ctx_, ::cassette::op::eq{},
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{[^)]*}}), {{.*}}, x), ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, 2,
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Box::get">({{[^)]*}}), {{.*}}, b))));
// CHECK-NEXT: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, r, ID(::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">({{[^)]*}}), {{.*}}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, 1))));

int main() { return golden::run(CASSETTE_FN(use), 3); }

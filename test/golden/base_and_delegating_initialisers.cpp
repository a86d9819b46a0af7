// A base or delegating initialiser enters the target's twin constructor
// directly (the context slot first; with arguments that are not names or
// literals, without hooks around it: reported), and
// its arguments are rewritten; the slot goes before a first argument that is
// itself rewritten, not inside it.
// OUT: pre Derived::Derived(3)
// OUT-NEXT:   pre twice(3)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post twice = 6
// OUT-NEXT:   pre +(6, 1)
// OUT-NEXT:   post + = 7
// OUT-NEXT:   pre twice(7)
// OUT-NEXT:     pre *(2, 7)
// OUT-NEXT:     post * = 14
// OUT-NEXT:   post twice = 14
// OUT-NEXT: post Derived::Derived = _
// OUT-NEXT: result 14 plain 14
// REPORT: "base or delegating constructor whose arguments are not all names or literals: its twin runs without hooks around it": 2
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

struct Base {
  int b;
  explicit Base(int x) : b(twice(x)) {}
};

struct Derived : Base {
  int d;
  Derived(int x, int y) : Base(x + y), d(y) {}
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_, int x, int y)
  // CHECK-SAME: : Base(cassette_ctx_,
  // CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, y)), d(y) {}
  Derived(int x) : Derived(twice(x), 1) {}
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_, int x)
  // CHECK-SAME: : Derived(cassette_ctx_,
  // CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{.*}}), 1) {}
};

int use(int x) { return Derived(x).b; }

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A base or delegating initialiser whose arguments are names or literals is
// hooked: its slot, cassette::base_initialiser, runs the prehook with the
// arguments before the base's twin constructor and the posthook once the
// base is built (the result is unobservable there: `_`).
#include "trace_context.hpp"

struct Base {
  int b;
  Base(int x, const char* tag) : b(x * 2) { (void)tag; }
};

struct Derived : Base {
  int d;
  Derived(int x, int y) : Base(x, "derived"), d(y) {}
  // CHECK: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), x, "derived"), x, "derived"), d(y) {}
  explicit Derived(int x) : Derived(x, 1) {}
  // CHECK: : Derived(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Derived::Derived">({{.*}}), x, 1), x, 1) {}
};

int use(int x) { return Derived(x).b + 1; }

int main() { return golden::run(CASSETTE_FN(use), 3); }
// OUT: pre Derived::Derived(3)
// OUT-NEXT:   pre Derived::Derived(3, 1)
// OUT-NEXT:     pre Base::Base(3, _)
// OUT-NEXT:       pre *(3, 2)
// OUT-NEXT:       post * = 6
// OUT-NEXT:     post Base::Base = _
// OUT-NEXT:   post Derived::Derived = _
// OUT-NEXT: post Derived::Derived = _
// OUT-NEXT: pre +(6, 1)
// OUT-NEXT: post + = 7
// OUT-NEXT: result 7 plain 7
// REPORT: "base or delegating constructor": 2

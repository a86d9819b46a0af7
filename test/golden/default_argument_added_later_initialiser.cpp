// A base or delegating initialiser that uses a default argument an
// out-of-line definition added (`Base::Base(int v, bool loud = true)`): the
// twin constructor it enters was declared with the class, without it, so
// the initialiser passes the value itself, after the written arguments or
// a braced one too. A default that is no constant leaves the initialiser as
// written (the original constructor runs), reported.
// OUT: pre Derived::Derived()
// OUT-NEXT:   pre Base::Base(7)
// OUT-NEXT:   post Base::Base = _
// OUT-NEXT:   pre Counter::Counter(2)
// OUT-NEXT:     pre *(2, 10)
// OUT-NEXT:     post * = 20
// OUT-NEXT:   post Counter::Counter = _
// OUT-NEXT: post Derived::Derived = _
// OUT-NEXT: pre Base::Base()
// OUT-NEXT:   pre Base::Base(1)
// OUT-NEXT:   post Base::Base = _
// OUT-NEXT: post Base::Base = _
// OUT-NEXT: pre +(1, 7)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre +(8, 20)
// OUT-NEXT: post + = 28
// OUT-NEXT: pre +(28, 4)
// OUT-NEXT: post + = 32
// OUT-NEXT: pre +(32, 2)
// OUT-NEXT: post + = 34
// OUT-NEXT: result 34 plain 34
#include "trace_context.hpp"

struct Base {
  Base(int v, bool loud);
  Base();
  int v;
};
Base::Base(int v_, bool loud = true) : v(loud ? v_ : -v_) {}
Base::Base() : Base(1) {}
// CHECK-LABEL: Base::Base(::cassette::Twin<CassetteCtx> cassette_ctx_)
// CHECK-SAME: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), 1), 1, true) {}

struct Counter {
  Counter(int start, int step);
  int n;
};
Counter::Counter(int start, int step = 10) : n(start * step) {}

static int seed() { return 3; }
struct Salted {
  Salted(int x, int salt);
  int s;
};
Salted::Salted(int x, int salt = seed()) : s(x + salt) {}

struct Derived : Base, Counter, Salted {
  Derived() : Base(7), Counter{2}, Salted(1) {}
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_)
  // CHECK-SAME: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), 7), 7, true), Counter{::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Counter::Counter">({{.*}}), 2), 2, static_cast<int>(10)}, Salted(1) {}
};

int use(int x) {
  Derived d;
  return Base().v + d.v + d.n + d.s + x;
}
// REPORT: "what": "Salted::Salted"
// REPORT-NEXT: "reason_id": "default_argument_added_later"

int main() { return golden::run(CASSETTE_FN(use), 2); }

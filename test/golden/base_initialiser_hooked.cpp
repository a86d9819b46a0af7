// A base or delegating initialiser whose arguments are names or literals is
// hooked (written with parentheses or braces): its slot, cassette::base_initialiser, runs the prehook with the
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
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_, int x, int y)
  // CHECK-SAME: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), x, "derived"), x, "derived"), d(y) {}
  explicit Derived(int x) : Derived(x, 1) {}
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_, int x)
  // CHECK-SAME: : Derived(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Derived::Derived">({{.*}}), x, 1), x, 1) {}
};

// Braced (spdlog's `: log_msg_buffer{m}`): braced still.
struct Braced : Base {
  explicit Braced(int x) : Base{x, "braced"} {}
  // CHECK-LABEL: Braced(::cassette::Twin<CassetteCtx> cassette_ctx_, int x)
  // CHECK-SAME: : Base{::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), x, "braced"), x, "braced"} {}
  Braced() : Braced{5} {}
  // CHECK-LABEL: Braced(::cassette::Twin<CassetteCtx> cassette_ctx_)
  // CHECK-SAME: : Braced{::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Braced::Braced">({{.*}}), 5), 5} {}
};

int use(int x) { return Derived(x).b + Braced().b + 1; }

int main() { return golden::run(CASSETTE_FN(use), 3); }
// OUT: pre Derived::Derived(3)
// OUT-NEXT:   pre Derived::Derived(3, 1)
// OUT-NEXT:     pre Base::Base(3, _)
// OUT-NEXT:       pre *(3, 2)
// OUT-NEXT:       post * = 6
// OUT-NEXT:     post Base::Base = _
// OUT-NEXT:   post Derived::Derived = _
// OUT-NEXT: post Derived::Derived = _
// OUT-NEXT: pre Braced::Braced()
// OUT-NEXT:   pre Braced::Braced(5)
// OUT-NEXT:     pre Base::Base(5, _)
// OUT-NEXT:       pre *(5, 2)
// OUT-NEXT:       post * = 10
// OUT-NEXT:     post Base::Base = _
// OUT-NEXT:   post Braced::Braced = _
// OUT-NEXT: post Braced::Braced = _
// OUT-NEXT: pre +(6, 10)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre +(16, 1)
// OUT-NEXT: post + = 17
// OUT-NEXT: result 17 plain 17
// REPORT: "base or delegating constructor": 4

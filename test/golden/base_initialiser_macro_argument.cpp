// A base initialiser's argument that is a whole macro use expanding to a
// literal or a name (muparserx's `ICallback(cmFUNC, _T("real"), 1)`, where
// `_T(x)` is `x` or `L##x`) is copied as written into the hooked slot and
// the call: it may be evaluated twice as the literal may.
// OUT: pre Derived::Derived()
// OUT-NEXT:   pre Base::Base(1, _)
// OUT-NEXT:     pre *(1, 2)
// OUT-NEXT:     post * = 2
// OUT-NEXT:   post Base::Base = _
// OUT-NEXT: post Derived::Derived = _
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5
#include "trace_context.hpp"

#define TEXT(x) x
#define ONE 1

struct Base {
  int b;
  Base(int x, const char* tag) : b(x * 2) { (void)tag; }
};

struct Derived : Base {
  Derived() : Base(ONE, TEXT("derived")) {}
  // CHECK-LABEL: Derived(::cassette::Twin<CassetteCtx> cassette_ctx_)
  // CHECK-SAME: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), ONE, TEXT("derived")), ONE, TEXT("derived")) {}
};

int use(int x) { return Derived().b + x; }

int main() { return golden::run(CASSETTE_FN(use), 3); }

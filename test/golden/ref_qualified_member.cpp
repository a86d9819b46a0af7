// Ref-qualified overloads: `w.f()` on an lvalue reaches the twin of `f() &`,
// `W{}.f()` / `std::move(w).f()` reach the twin of `f() &&`; the twins keep
// their ref-qualifiers so overload resolution picks the same one.
// OUT: pre Which::kind(_)
// OUT-NEXT: post Which::kind = 1
// OUT-NEXT: pre std::move(_)
// OUT-NEXT: post std::move = _
// OUT-NEXT: pre Which::kind(_)
// OUT-NEXT: post Which::kind = 2
// OUT-NEXT: pre *(2, 10)
// OUT-NEXT: post * = 20
// OUT-NEXT: pre +(1, 20)
// OUT-NEXT: post + = 21
// OUT-NEXT: result 21 plain 21
#include <utility>

#include "trace_context.hpp"

struct Which {
  int kind() & { return 1; }
  // CHECK-LABEL: template <class CassetteCtx> int cassette_twin_kind(::cassette::Twin<CassetteCtx>) & { return 1; }
  int kind() && { return 2; }
  // CHECK-LABEL: template <class CassetteCtx> int cassette_twin_kind(::cassette::Twin<CassetteCtx>) && { return 2; }
};

int use(int) {
  Which w;
  return w.kind() + std::move(w).kind() * 10;
}

int main() { return golden::run(CASSETTE_FN(use), 0); }

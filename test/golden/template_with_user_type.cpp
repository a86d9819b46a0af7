// Templates of the tree instantiated with a type defined outside the tree
// (user::Money, test/golden/support/user_types.hpp): the function template's
// and the class template member's twins are instantiated for it; `a + b`
// depends on T and resolves per instantiation to user::operator+, a
// primitive (no twin), hooked as `+`.
// OUT: pre total(_, _)
// OUT-NEXT:   pre +(_, _)
// OUT-NEXT:   post + = _
// OUT-NEXT: post total = _
// OUT-NEXT: pre Acc::add(_, _)
// OUT-NEXT:   pre +(_, _)
// OUT-NEXT:   post + = _
// OUT-NEXT: post Acc::add = _
// OUT-NEXT: result 9 plain 9
#include "trace_context.hpp"
#include "user_types.hpp"

template <class T>
T total(const T& a, const T& b) {
  return a + b;
}
// CHECK: template <class T, class CassetteCtx>
// CHECK-NEXT: T cassette_twin_total(::cassette::Twin<CassetteCtx> cassette_ctx_, const T& a, const T& b) {

template <class T>
struct Acc {
  T sum;
  void add(const T& x) { sum = sum + x; }
  // CHECK: template <class CassetteCtx> void cassette_twin_add(::cassette::Twin<CassetteCtx> cassette_ctx_, const T& x) { sum = {{.*}}::cassette::op::add{}
};

long use(long x) {
  user::Money m{x};
  Acc<user::Money> acc{m};
  acc.add(total(m, m));
  return acc.sum.cents;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: ::cassette::fn<"total">{{.*}}cassette_twin_total(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, m, m)

int main() { return golden::run(CASSETTE_FN(use), 3L); }

// A variable whose class template arguments its initialiser deduces (gsl's
// tests: `gsl::span sp{arr};`, `gsl::not_null x{&i};`): its construction is
// hooked with the type spelled as deduced, since `decltype(sp)` cannot
// appear in its own initialiser. Canonical: a deduction guide's sugar may
// name what only its own scope sees (std::span's `ranges::range_reference_t`).
// OUT: pre +(1, 1)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre Box::Box(2)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre Box::Box(2.5)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre std::vector::vector()
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre lib::View::View(_)
// OUT-NEXT:   pre size(_)
// OUT-NEXT:   post size = 2
// OUT-NEXT: post lib::View::View = _
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre +(4, 2)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include <vector>

#include "trace_context.hpp"

template <class T>
struct Box {
  explicit Box(T v) : value(v) {}
  T value;
};

namespace lib {
namespace detail {
template <class R>
using element_t = typename R::value_type;
}
template <class T>
struct View {
  template <class R>
  explicit View(R& r) : n(static_cast<T>(r.size())) {}
  T n;
};
template <class R>
View(R&) -> View<detail::element_t<R>>;
}  // namespace lib

int use(int x) {
  Box b{x + 1};
  Box c(2.5);
  std::vector<int> v{1, 2};
  lib::View w{v};
  return b.value + static_cast<int>(c.value) + w.n;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK-NEXT: Box b{{.*}}::cassette::rt::constructs<::Box<int>>{}
// CHECK-NEXT: Box c{{.*}}::cassette::rt::constructs<::Box<double>>{}
// CHECK: lib::View w{{.*}}::cassette::rt::constructs<::lib::View<int>>{}

int main() { return golden::run(CASSETTE_FN(use), 1); }

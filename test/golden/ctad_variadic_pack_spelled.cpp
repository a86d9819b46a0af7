// Class template argument deduction of a variadic class template
// (`std::scoped_lock lk(m1, m2)`, `std::tuple t{1, ns::X{3}}`): the site
// names the deduced class, and clang's TypeName leaves a pack's arguments as
// deduced, unqualified (`::ns::Row< X, int>`, not found where the twin
// stands). Each of the pack's types is qualified too.
// OUT: pre ns::Row::Row(_, 2)
// OUT-NEXT: post ns::Row::Row = _
// OUT-NEXT: pre ns::Row::Row(_)
// OUT-NEXT: post ns::Row::Row = _
// OUT-NEXT: pre ns::Row::Row(_, _)
// OUT-NEXT: post ns::Row::Row = _
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4
#include "trace_context.hpp"

namespace ns {
struct X {
  int v;
};
template <class... T>
struct Row {
  int n;
  Row(T...) : n(sizeof...(T)) {}
};
}  // namespace ns

int use(int x) {
  ns::Row r(ns::X{1}, x);
  ns::Row nested(ns::Row<ns::X>(ns::X{2}), ns::X{3});
  return r.n + nested.n;
}
// CHECK: cassette_twin_use(
// CHECK-NEXT: ::cassette::rt::constructs<::ns::Row< ::ns::X, int>>{}
// CHECK-NEXT: ::cassette::rt::constructs<::ns::Row< ::ns::Row< ::ns::X>, ::ns::X>>{}

int main() { return golden::run(CASSETTE_FN(use), 2); }

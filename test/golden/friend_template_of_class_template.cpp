// A function template declared a friend of a class template (fmt's
// visit_format_arg, a friend of basic_format_arg<Context>) and defined in the
// namespace: that friend declaration is not linked to the namespace's
// template until the class is instantiated, yet its twin must be a friend
// too, or the twin cannot read the class's private members.
// OUT: pre visit(_, _)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT:   pre (indirect call)(_, 5)
// OUT-NEXT:   post (indirect call) = 5
// OUT-NEXT: post visit = 5
// OUT-NEXT: pre +(5, 3)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include "trace_context.hpp"

template <class C>
class arg {
  int value_ = 4;
  template <typename V, typename Ctx>
  friend auto visit(V&& vis, const arg<Ctx>& a) -> decltype(vis(0));
  // CHECK: template <typename V, typename Ctx, class CassetteCtx>
  // CHECK-NEXT: friend auto cassette_twin_visit(::cassette::Twin<CassetteCtx>, V&& vis, const arg<Ctx>& a) -> decltype(vis(0));
};

template <typename V, typename Ctx>
auto visit(V&& vis, const arg<Ctx>& a) -> decltype(vis(0)) {
  return vis(a.value_ + 1);
}

int use(int n) {
  arg<char> a;
  return visit([](int x) { return x; }, a) + n;
}
// A lambda whose body uses no context takes no capture of it (unused, it
// would be a warning):
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: , [](int x) { return x; }, a)

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A static member template of a class that depends on a template parameter,
// called with template arguments (spdlog's `Factory::template
// create<Sink>(...)`): its twin is named with `template` too. A member
// template called as `x.template get<T>()` (fmt's locale_ref), with the
// object dependent or not: in the invoker, whose object is always
// dependent, it keeps its `template`.
// OUT: pre make(3, 1)
// OUT-NEXT:   pre Factory::create(3, 1)
// OUT-NEXT:     pre +(4, 4)
// OUT-NEXT:     post + = 8
// OUT-NEXT:   post Factory::create = 8
// OUT-NEXT: post make = 8
// OUT-NEXT: pre locale_ref::get(_)
// OUT-NEXT: post locale_ref::get = 3
// OUT-NEXT: pre +(8, 3)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre via_keyword(_)
// OUT-NEXT:   pre get(_)
// OUT-NEXT:   post get = 3
// OUT-NEXT: post via_keyword = 3
// OUT-NEXT: pre +(11, 3)
// OUT-NEXT: post + = 14
// OUT-NEXT: result 14 plain 14
#include "trace_context.hpp"

struct sync_factory {
  template <class Sink, class... Args>
  static int create(Args... args) {
    return Sink::size + (args + ...);
  }
};

struct sink4 {
  static constexpr int size = 4;
};

template <class Factory = sync_factory>
int make(int a, int b) {
  return Factory::template create<sink4>(a, b);
}
// CHECK-LABEL: cassette_twin_make(::cassette::Twin
// CHECK: Factory::template cassette_twin_create<sink4>(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1))

struct locale_ref {
  int v;
  template <class L>
  L get() const {
    return static_cast<L>(v);
  }
};

template <class T>
int via_keyword(const T& x) {
  return x.template get<int>();
}
// CHECK-LABEL: cassette_twin_via_keyword(::cassette::Twin
// CHECK: return CASSETTE_FWD(cassette_a0).template get<int>(); }

int use(int n) {
  locale_ref r{n};
  return make<>(n, 1) + r.template get<int>() + via_keyword(r);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: return CASSETTE_FWD(cassette_a0).template get<int>(); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A base initialiser `Base(n)` and a delegating one `Derived(s)` whose
// class has a constructor template that deduces each of its parameters
// (`template <class A, class B> Base(A, B)`): in the twin constructor they
// become `Base(cassette_t, n)`, where the template takes the context slot
// and the int exactly, and the twin of `explicit Base(float)` needs int to
// float; the template would run instead. Each argument goes to the twin as
// its parameter's type, as a twin construction's does. Under a context with
// a posthook the slot is a hooked slot, derived from Twin<C>, which the
// template would take exactly where the twin needs a conversion: it goes to
// the twin as the Twin<C> itself (`base_slot`). With either left out of the
// rewritten output by hand, `use` returns -2000, not 70.
// CHECK: Base(::cassette::rt::base_slot(::cassette::rt::base_initialiser(cassette_ctx_, {{.*}}, n)), static_cast<float>(n)) {}
// OUT: pre shop::Derived::Derived(3)
// OUT-NEXT:   pre shop::Base::Base(3)
// OUT-NEXT:     pre shop::scaled(3)
// OUT-NEXT:       pre *(3, 10)
// OUT-NEXT:       post * = 30
// OUT-NEXT:     post shop::scaled = 30
// OUT-NEXT:   post shop::Base::Base = _
// OUT-NEXT: post shop::Derived::Derived = _
// OUT-NEXT: pre shop::Derived::Derived(3)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT:   pre shop::Base::Base(4)
// OUT-NEXT:     pre shop::scaled(4)
// OUT-NEXT:       pre *(4, 10)
// OUT-NEXT:       post * = 40
// OUT-NEXT:     post shop::scaled = 40
// OUT-NEXT:   post shop::Base::Base = _
// OUT-NEXT: post shop::Derived::Derived = _
// OUT-NEXT: pre +(30, 40)
// OUT-NEXT: post + = 70
// OUT-NEXT: result 70 plain 70
#include "trace_context.hpp"

namespace shop {
inline int scaled(int n) { return n * 10; }
struct Base {
  float size;
  explicit Base(float s) : size(static_cast<float>(scaled(static_cast<int>(s)))) {}
  template <class A, class B>
  Base(A, B) : size(-1000) {}
};
struct Derived : Base {
  explicit Derived(int n) : Base(n) {}
  explicit Derived(short s) : Derived(s + 1) {}
  template <class A, class B>
  Derived(A, B) : Base(0.0f) {}
};
}  // namespace shop

int use(int n) {
  shop::Derived d(n);
  shop::Derived e(static_cast<short>(n));
  return static_cast<int>(d.size + e.size);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

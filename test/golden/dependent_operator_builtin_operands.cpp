// An operator on operands whose types depend on a template parameter is, per
// instantiation, the builtin operator or an overloaded one with a twin. With
// no operand of class or enumeration type it is the builtin one
// ([over.match.oper]), even where the twin of an operator for a class that
// converts from those operands is in scope (fmt's basic_fp, constructible
// from any number, has an operator*): that twin must not be taken for it.
// OUT: pre fp::fp(2)
// OUT-NEXT: post fp::fp = _
// OUT-NEXT: pre fp::fp(3)
// OUT-NEXT: post fp::fp = _
// OUT-NEXT: pre scale(_, _)
// OUT-NEXT:   pre operator*(_, _)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:     pre fp::fp(6)
// OUT-NEXT:     post fp::fp = _
// OUT-NEXT:   post operator* = _
// OUT-NEXT: post scale = _
// OUT-NEXT: pre scale(3, 3)
// OUT-NEXT:   pre operator*(3, 3)
// OUT-NEXT:   post operator* = 9
// OUT-NEXT: post scale = 9
// OUT-NEXT: pre +(9, 6)
// OUT-NEXT: post + = 15
// OUT-NEXT: pre even(3)
// OUT-NEXT:   pre %(3, 2)
// OUT-NEXT:   post % = 1
// OUT-NEXT:   pre operator==(1)
// OUT-NEXT:   post operator== = false
// OUT-NEXT: post even = false
// OUT-NEXT: pre +(15, false)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include "trace_context.hpp"

struct fp {
  double f;
  template <class F>
  fp(F n) : f(static_cast<double>(n)) {}
};
fp operator*(fp a, fp b) { return fp(a.f * b.f); }
bool operator==(fp a, fp b) { return a.f == b.f; }

template <class T>
T scale(T v, T k) {
  return v * k;  // for T = int: the builtin *, not operator*(fp, fp)
}
// CHECK-LABEL: cassette_twin_scale(::cassette::Twin
// CHECK: if constexpr (!::cassette::rt::overloadable_operands<decltype(CASSETTE_FWD(cassette_a0)),
// CHECK-SAME: decltype(CASSETTE_FWD(cassette_a1))>) return (CASSETTE_FWD(cassette_a0)) * (CASSETTE_FWD(cassette_a1));
// CHECK-SAME: else if constexpr

// `0`, which may be a null pointer constant, is evaluated in the invoker,
// which has no parameter for it: the builtin test names its type by its
// text (fmt's `significand % 2 == 0`, an operator== in scope).
template <class T>
bool even(T v) {
  return v % 2 == 0;
}
// CHECK-LABEL: cassette_twin_even(::cassette::Twin
// CHECK: if constexpr (!::cassette::rt::overloadable_operands<decltype(CASSETTE_FWD(cassette_a0)), decltype(0)>) return (CASSETTE_FWD(cassette_a0)) == (0);

int use(int n) {
  fp p = scale(fp(2.0), fp(n));  // for T = fp: operator*'s twin
  return scale(n, 3) + static_cast<int>(p.f) + even(n);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// Forward-mode automatic differentiation as a tagging context: the metadata
// of a value is its tangent (derivative along a chosen direction), and the
// rules below say how each operation propagates it. Code under the context
// is unmodified C++; see docs/tagging.md.
//
// Derivatives nest: `fad::derivative` called by code that is itself being
// differentiated runs as `cassette::nested<Context<>, Outer>`, whose values
// wrap the outer differentiation's values, so the two never mix
// (perturbation confusion). That is why the rules do their arithmetic on
// `num`s: plain arithmetic for a first derivative, the enclosing
// differentiation's rules for a nested one.
#pragma once

#include <cassette/cassette.hpp>
#include <cassette/tagging_runtime.hpp>  // cassette::rt::load in the derivative rule
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

namespace fad {

/// A `Tag` whose loads check that memory still holds the value its tangent
/// was stored with (`checks_memory`; docs/tagging.md). Other tags take the
/// tangent last stored for the address.
struct CheckedTangents {};

/// One differentiation. `Tag` tells differentiations apart.
template <class Tag = void>
struct Context : cassette::Context<Context<Tag>> {
  static constexpr bool tagging_enabled = true;
  using fad_differentiation = void;  // also seen through cassette::nested and with_tagging
};
using CheckedContext = Context<CheckedTangents>;

template <class C>
inline constexpr bool is_ad = requires { typename C::fad_differentiation; };

/// Values that have a tangent: floating-point numbers, also when an
/// enclosing context tags them.
template <class T>
inline constexpr bool real = std::is_floating_point_v<T>;
template <class C, class T>
inline constexpr bool real<cassette::Tagged<C, T>> = real<T>;

template <class X, class C>
concept dual = cassette::istaggedtype_v<X, C>;
template <class C, class... X>
concept any_dual = is_ad<C> && (dual<X, C> || ...);

// ---------------------------------------------------------------------------
// Arithmetic inside rules.

/// A primal value or tangent inside a rule of context C. Arithmetic on it
/// runs as the code around C runs it (`cassette::enclosing_op`).
template <class C, class V>
struct num {
  C& c;
  V v;
};
template <class X>
inline constexpr bool is_num = false;
template <class C, class V>
inline constexpr bool is_num<num<C, V>> = true;

template <class C, class V>
num<C, V> make_num(C& c, V v) {
  return {c, std::move(v)};
}
template <class X>
decltype(auto) raw(const X& x) {
  if constexpr (is_num<X>) return (x.v);
  else return (x);
}
template <class A, class B>
auto& context_of(const A& a, const B& b) {
  if constexpr (is_num<A>) return a.c;
  else return b.c;
}

#define FAD_NUM_BINARY(SYMBOL, OP)                                                            \
  template <class A, class B>                                                                 \
    requires(is_num<A> || is_num<B>)                                                          \
  auto operator SYMBOL(const A& a, const B& b) {                                              \
    auto& c = context_of(a, b);                                                               \
    return make_num(c, cassette::enclosing_op(c, cassette::op::OP{}, raw(a), raw(b)));        \
  }
FAD_NUM_BINARY(+, add)
FAD_NUM_BINARY(-, sub)
FAD_NUM_BINARY(*, mul)
FAD_NUM_BINARY(/, div)
#undef FAD_NUM_BINARY

template <class C, class V>
auto operator-(const num<C, V>& a) {
  return make_num(a.c, cassette::enclosing_op(a.c, cassette::op::neg{}, a.v));
}

#define FAD_NUM_FUNCTION(NAME)                                                                          \
  template <class C, class... V>                                                                        \
  auto NAME(const num<C, V>&... x) {                                                                    \
    auto& c = (x.c, ...);                                                                               \
    return make_num(c, cassette::enclosing_call(c, cassette::fn<"std::" #NAME>{},                       \
                                                [](const auto&... v) { return std::NAME(v...); }, x.v...)); \
  }
FAD_NUM_FUNCTION(sin)
FAD_NUM_FUNCTION(cos)
FAD_NUM_FUNCTION(exp)
FAD_NUM_FUNCTION(log)
FAD_NUM_FUNCTION(sqrt)
FAD_NUM_FUNCTION(pow)
#undef FAD_NUM_FUNCTION

/// The plain number under every tag (for tests of a tangent against zero).
template <class X>
double plain(const X& x) {
  if constexpr (is_num<X>) return plain(x.v);
  else if constexpr (cassette::is_tagged_v<X>) return plain(x.value);
  else return static_cast<double>(x);
}

/// A value's primal part and tangent w.r.t. C (zero for a value C has not tagged).
template <class C, class X>
auto val(C& c, const X& x) {
  return make_num(c, cassette::untag(x, c));
}
template <class C, class X>
auto tan(C& c, const X& x) {
  if constexpr (dual<X, C>) return make_num(c, cassette::metadata_or_default<double>(x, c));
  else return make_num(c, 0.0);
}

/// The result of a rule: the value tagged with its tangent.
template <class C, class V, class D>
auto make(C& c, const num<C, V>& value, const num<C, D>& tangent) {
  if constexpr (std::is_integral_v<V>) return cassette::tag(static_cast<double>(value.v), c, tangent.v);
  else return cassette::tag(value.v, c, tangent.v);
}

// ---------------------------------------------------------------------------
// Rules: arithmetic.

template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::add, const A& a, const B& b) {
  return make(c, val(c, a) + val(c, b), tan(c, a) + tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::sub, const A& a, const B& b) {
  return make(c, val(c, a) - val(c, b), tan(c, a) - tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::mul, const A& a, const B& b) {
  auto x = val(c, a);
  auto y = val(c, b);
  return make(c, x * y, tan(c, a) * y + x * tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::div, const A& a, const B& b) {
  auto x = val(c, a);
  auto y = val(c, b);
  auto q = x / y;
  return make(c, q, (tan(c, a) - q * tan(c, b)) / y);
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::op::neg, const A& a) {
  return make(c, -val(c, a), -tan(c, a));
}

// Rules: the standard library's elementary functions.
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::sin">, const A& a) {
  auto x = val(c, a);
  return make(c, sin(x), cos(x) * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::cos">, const A& a) {
  auto x = val(c, a);
  return make(c, cos(x), -sin(x) * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::exp">, const A& a) {
  auto e = exp(val(c, a));
  return make(c, e, e * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::log">, const A& a) {
  return make(c, log(val(c, a)), tan(c, a) / val(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::sqrt">, const A& a) {
  auto r = sqrt(val(c, a));
  return make(c, r, tan(c, a) / (2.0 * r));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::fn<"std::pow">, const A& a, const B& b) {
  auto x = val(c, a);
  auto y = val(c, b);
  auto r = pow(x, y);
  auto dx = y * pow(x, y - 1.0) * tan(c, a);
  // d/dy x^y = x^y log x, only where y moves (log of a negative x is NaN).
  if (plain(tan(c, b)) == 0) return make(c, r, dx);
  return make(c, r, dx + r * log(x) * tan(c, b));
}

// ---------------------------------------------------------------------------
// Differentiation.

namespace detail {
// The last argument moves with tangent 1; the others are held fixed.
template <bool Moving, class Ctx, class X>
auto seed(Ctx& ctx, const X& x) {
  if constexpr (Moving) return cassette::tag(x, ctx, 1.0);
  else return x;
}
template <class Ctx, class F, std::size_t... I, class... A>
auto differentiate(Ctx& ctx, const F& f, std::index_sequence<I...>, const A&... args) {
  auto r = cassette::overdub(ctx, f, seed<I + 1 == sizeof...(A)>(ctx, args)...);
  return cassette::metadata_or(r, ctx, 0.0);
}
// Whether f has a twin that takes the arguments differentiate passes.
template <class Ctx, class F, class... A>
inline constexpr bool differentiable = []<std::size_t... I>(std::index_sequence<I...>) {
  return cassette::canoverdub_v<Ctx, const F&,
                                decltype(seed<I + 1 == sizeof...(A)>(std::declval<Ctx&>(), std::declval<const A&>()))...>;
}(std::index_sequence_for<A...>{});
}  // namespace detail

/// d/dy f(args..., y): the last argument moves, the others are held fixed,
/// and f runs overdubbed under a differentiation of its own, so f must be
/// something with a twin (`fad::derivative(CASSETTE_FN(f), x, y)`). A
/// callable without one (code that was not rewritten) cannot be
/// differentiated: the result is NaN.
template <class F, class... A>
  requires(sizeof...(A) > 0)
double derivative(const F& f, const A&... args) {
  Context<> ctx;
  if constexpr (detail::differentiable<Context<>, F, A...>)
    return detail::differentiate(ctx, f, std::index_sequence_for<A...>{}, args...);
  else
    return std::numeric_limits<double>::quiet_NaN();
}

/// `fad::derivative` called by code that is itself being differentiated
/// (a twin under context C) is a nested differentiation: it runs as
/// `cassette::nested<Context<>, C>`, and its result is a tangent that C
/// differentiates further (d/dx [x * d/dy (x*y)] = 2x).
template <class C, class F, class... A>
  requires is_ad<C>
auto execute(C& c, cassette::fn<"fad::derivative">, const F& f, const A&... args) {
  auto inner = cassette::nest(Context<>{}, cassette::twin(c));
  // An argument in memory (a variable the call binds to a reference) has its
  // tangent w.r.t. C in C's store.
  return detail::differentiate(inner, f, std::index_sequence_for<A...>{}, cassette::rt::load(cassette::twin(c), args)...);
}

}  // namespace fad

template <class Tag, class T>
  requires fad::real<T>
struct cassette::metadatatype<fad::Context<Tag>, T> {
  using type = T;  // a tangent is a number of the value's own type
  // A zero tangent is no tangent: plain numbers carry no presence flag
  // (a nested differentiation's tangents are themselves tagged: flagged).
  static constexpr bool default_means_none = std::is_floating_point_v<T>;
  // Slots hold the tangent alone (half the memory traffic of a loop over an
  // array); a nested differentiation's tangents are checked.
  static constexpr bool checks_memory = !default_means_none || std::is_same_v<Tag, fad::CheckedTangents>;
};

// Forward-mode automatic differentiation as a tagging context: the metadata
// of a value is its tangent (derivative along a chosen direction), and the
// rules below say how each operation propagates it. Code under the context
// is unmodified C++; see docs/tagging.md.
#pragma once

#include <cassette/cassette.hpp>
#include <cmath>
#include <type_traits>

namespace fad {

/// One differentiation. `Tag` tells nested differentiations apart.
template <class Tag = void>
struct Context : cassette::Context<Context<Tag>> {
  static constexpr bool tagging_enabled = true;
};

template <class C>
inline constexpr bool is_ad = false;
template <class Tag>
inline constexpr bool is_ad<Context<Tag>> = true;

template <class X, class C>
concept dual = cassette::istaggedtype_v<X, C>;
template <class C, class... X>
concept any_dual = is_ad<C> && (dual<X, C> || ...);

template <class X>
auto val(const X& x) {
  return cassette::untag(x);
}
template <class C, class X>
double tan(C& c, const X& x) {
  return static_cast<double>(cassette::metadata_or(x, c, 0.0));
}
template <class C, class V>
auto make(C& c, V value, double tangent) {
  using R = std::conditional_t<std::is_floating_point_v<V>, V, double>;
  return cassette::tag(static_cast<R>(value), c, tangent);
}

// Arithmetic.
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::add, const A& a, const B& b) {
  return make(c, val(a) + val(b), tan(c, a) + tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::sub, const A& a, const B& b) {
  return make(c, val(a) - val(b), tan(c, a) - tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::mul, const A& a, const B& b) {
  return make(c, val(a) * val(b), tan(c, a) * val(b) + val(a) * tan(c, b));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::op::div, const A& a, const B& b) {
  double q = static_cast<double>(val(a)) / static_cast<double>(val(b));
  return make(c, val(a) / val(b), (tan(c, a) - q * tan(c, b)) / static_cast<double>(val(b)));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::op::neg, const A& a) {
  return make(c, -val(a), -tan(c, a));
}

// The standard library's elementary functions.
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::sin">, const A& a) {
  return make(c, std::sin(val(a)), std::cos(val(a)) * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::cos">, const A& a) {
  return make(c, std::cos(val(a)), -std::sin(val(a)) * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::exp">, const A& a) {
  return make(c, std::exp(val(a)), std::exp(val(a)) * tan(c, a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::log">, const A& a) {
  return make(c, std::log(val(a)), tan(c, a) / val(a));
}
template <class C, class A>
  requires any_dual<C, A>
auto execute(C& c, cassette::fn<"std::sqrt">, const A& a) {
  double r = std::sqrt(val(a));
  return make(c, r, tan(c, a) / (2 * r));
}
template <class C, class A, class B>
  requires any_dual<C, A, B>
auto execute(C& c, cassette::fn<"std::pow">, const A& a, const B& b) {
  double x = val(a), y = val(b), r = std::pow(x, y);
  double dx = y * std::pow(x, y - 1) * tan(c, a);
  double dy = tan(c, b) != 0 ? r * std::log(x) * tan(c, b) : 0;
  return make(c, r, dx + dy);
}

}  // namespace fad

template <class Tag>
struct cassette::metadatatype<fad::Context<Tag>, double> {
  using type = double;
};
template <class Tag>
struct cassette::metadatatype<fad::Context<Tag>, float> {
  using type = float;
};

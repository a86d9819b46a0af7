// A small tagging context for the golden tests that check metadata under
// --tagging: a value's labels are the union of its operands'. labelled()
// runs a function's twin with an argument of label 1 and prints the result
// and its labels (the code as written has no twin, so it is skipped there).
#pragma once

#include <cstdio>
#include <type_traits>

#include <cassette/cassette.hpp>

struct Taint : cassette::Context<Taint> {
  static constexpr bool tagging_enabled = true;
};
template <class T>
  requires std::is_arithmetic_v<T>
struct cassette::metadatatype<Taint, T> {
  using type = unsigned;
  static constexpr bool default_means_none = true;
  static constexpr bool checks_memory = false;
};
template <class Op, class... A>
  requires requires { typename Op::is_operation; } && (!cassette::compound_op<Op>::is_compound) &&
           ((cassette::istaggedtype_v<A, Taint> || ...) && (std::is_arithmetic_v<cassette::untagtype_t<A>> && ...))
auto execute(Taint& c, Op op, const A&... a) {
  auto r = op(cassette::untag(a)...);
  unsigned l = (cassette::metadata_or_default<unsigned>(a, c) | ...);
  return cassette::value_t<Taint, decltype(r)>(l ? cassette::tag(r, c, l) : cassette::tag(r, c));
}

template <class F, class V>
void labelled(const char* name, F f, V value) {
  Taint t;
  auto x = cassette::tag(value, t, 1u);
  if constexpr (cassette::canoverdub_v<Taint, F, decltype(x)>) {
    auto r = cassette::overdub(t, f, x);
    unsigned labels = cassette::metadata_or_default<unsigned>(r, t);
    if constexpr (std::is_integral_v<decltype(cassette::untag(r))>)
      std::printf("%s %d labels %u\n", name, static_cast<int>(cassette::untag(r)), labels);
    else
      std::printf("%s %g labels %u\n", name, static_cast<double>(cassette::untag(r)), labels);
  }
}

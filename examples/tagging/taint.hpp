// Taint tracking as a tagging context: the metadata of a value is the set of
// input labels it depends on (a bit set of up to 64 labels); every arithmetic
// operation's result depends on the union of its operands' labels. Branches
// are not tracked (implicit flows), as in most dynamic taint trackers.
#pragma once

#include <cassette/cassette.hpp>
#include <cstdint>
#include <type_traits>

namespace taint {

using Labels = std::uint64_t;

/// `CheckMemory`: whether loads check that memory still holds the value its
/// labels were stored with (see `checks_memory` in docs/tagging.md). The
/// default does not: a load takes the labels last stored for the address, as
/// a sanitizer's shadow does.
template <bool CheckMemory = false>
struct Basic : cassette::Context<Basic<CheckMemory>> {
  static constexpr bool tagging_enabled = true;
};
using Context = Basic<false>;
using CheckedContext = Basic<true>;

template <bool K, class X>
Labels labels(Basic<K>& c, const X& x) {
  return cassette::metadata_or_default<Labels>(x, c);
}

template <class Op>
concept arithmetic_op = requires { typename Op::is_operation; } && !cassette::compound_op<Op>::is_compound &&
                        !std::is_same_v<Op, cassette::op::deref> && !std::is_same_v<Op, cassette::op::subscript>;

/// Every builtin operation on arithmetic values: the result carries the
/// union of the operands' labels.
template <bool K, arithmetic_op Op, class... A>
  requires((cassette::istaggedtype_v<A, Basic<K>> || ...) &&
           (std::is_arithmetic_v<cassette::untagtype_t<A>> && ...))
auto execute(Basic<K>& c, Op op, const A&... a) {
  auto r = op(cassette::untag(a)...);
  Labels l = (labels(c, a) | ...);
  if (l == 0) return cassette::value_t<Basic<K>, decltype(r)>(r);
  return cassette::value_t<Basic<K>, decltype(r)>(cassette::tag(r, c, l));
}

}  // namespace taint

template <bool K, class T>
  requires std::is_arithmetic_v<T>
struct cassette::metadatatype<taint::Basic<K>, T> {
  using type = taint::Labels;
  static constexpr bool default_means_none = true;  // no labels: untainted
  static constexpr bool checks_memory = K;
};

#pragma once
#include <cassette/contexts/empty.hpp>

#include "../../examples/tagging/forward_ad.hpp"
#include "../../examples/tagging/taint.hpp"

namespace bench {
// The AD context whose loads take the tangent stored for an address without
// checking the value (`checks_memory = false`), beside the example's own.
struct UncheckedTangents {};
using UncheckedAD = fad::Context<UncheckedTangents>;
}  // namespace bench

template <>
struct cassette::metadatatype<bench::UncheckedAD, double> {
  using type = double;
  static constexpr bool default_means_none = true;
  static constexpr bool checks_memory = false;
};

CASSETTE_CONTEXTS(fad::Context<>, bench::UncheckedAD, taint::Context, taint::UncheckedContext, cassette::EmptyContext)

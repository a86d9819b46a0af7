// A context with metadata for whole model::Vec2 objects (where each came
// from), and a hook that writes down what model::observe sees.
#pragma once

#include <cassette/cassette.hpp>
#include <cassette/tagging_runtime.hpp>
#include <string>
#include <vector>

#include "model.hpp"

namespace provenance {
struct Context : cassette::Context<Context> {
  static constexpr bool tagging_enabled = true;
  std::vector<std::string> seen;  // observe's argument's metadata, call by call
};
}  // namespace provenance

template <>
struct cassette::object_metadatatype<provenance::Context, model::Vec2> {
  using type = std::string;
};
// A container as a whole: metadata of its own, beside its elements'.
template <>
struct cassette::object_metadatatype<provenance::Context, std::vector<double>> {
  using type = int;
  static constexpr bool default_means_none = true;
};

namespace provenance {
inline void prehook(Context& c, const cassette::fn<"model::observe">&, const model::Vec2& v) {
  c.seen.push_back(cassette::object_metadata(c, v).value_or("none"));
}
}  // namespace provenance

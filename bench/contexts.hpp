// The contexts the benchmarks run: an empty one (no hooks at all, compiled
// away as cassette::EmptyContext's are, so its call sites name their callees'
// twins directly: rt/named.hpp).
#pragma once

#include <cassette/cassette.hpp>

namespace bench {
struct EmptyCtx : cassette::Context<EmptyCtx> {
  static constexpr bool hooks_enabled = false;
};
}  // namespace bench

CASSETTE_CONTEXTS(bench::EmptyCtx)

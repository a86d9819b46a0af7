// The contexts the benchmarks run: an empty one (no hooks at all).
#pragma once

#include <cassette/cassette.hpp>

namespace bench {
struct EmptyCtx : cassette::Context<EmptyCtx> {};
}  // namespace bench

CASSETTE_CONTEXTS(bench::EmptyCtx)

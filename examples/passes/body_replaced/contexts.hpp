#pragma once
#include <cassette/cassette.hpp>

// Cassette's `PassFallbackCtx(pass = robust_norm)`.
struct RobustCtx : cassette::Context<RobustCtx> {
  using passes = cassette::passes<"robust_norm">;
};

// Names no pass: its twins are what they are without the pass.
struct PlainCtx : cassette::Context<PlainCtx> {};

CASSETTE_CONTEXTS(RobustCtx, PlainCtx)

#pragma once
#include <cassette/cassette.hpp>
#include <cstdio>

// Cassette's `PassCtx(pass = signatures_seen)`.
struct SignaturesCtx : cassette::Context<SignaturesCtx> {
  using passes = cassette::passes<"signatures_seen">;
  void seen(const char* signature) { std::printf("seen %s\n", signature); }
};

// Names no pass: its twins are what they are without the pass.
struct PlainCtx : cassette::Context<PlainCtx> {};

CASSETTE_CONTEXTS(SignaturesCtx, PlainCtx)

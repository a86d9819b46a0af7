#pragma once
#include <cassette/cassette.hpp>
#include <functional>
#include <vector>

// Cassette's SliceCtx: the callback (there, the context's metadata threaded
// through every call) is the list of deferred calls the context keeps.
struct SliceCtx : cassette::Context<SliceCtx> {
  using passes = cassette::passes<"slice_printf">;
  std::vector<std::function<void()>> deferred;
  void defer(std::function<void()> f) { deferred.push_back(std::move(f)); }
  void replay() {
    for (auto& f : deferred) f();
  }
};

CASSETTE_CONTEXTS(SliceCtx)

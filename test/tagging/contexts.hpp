// The contexts the tagging tests run the rewritten subject under.
#pragma once

#include <cassette/contexts/empty.hpp>
#include <cassette/contexts/graph.hpp>

#include "../../examples/tagging/forward_ad.hpp"
#include "../../examples/tagging/taint.hpp"
#include "model.hpp"
#include "provenance.hpp"

// Graph tests: model::choose is one node of the graph, which replay
// evaluates by calling it (its twin does not run under GraphCtx).
template <>
struct cassette::graph_function<cassette::fn<"model::choose">> {
  static double call(bool b, double x, double y) { return model::choose(b, x, y); }
};

CASSETTE_CONTEXTS(fad::Context<>, fad::CheckedContext, taint::Context, taint::CheckedContext, cassette::EmptyContext,
                  cassette::GraphCtx, provenance::Context)

#pragma once
#include <cassette/contexts/graph.hpp>
CASSETTE_CONTEXTS(cassette::GraphCtx)

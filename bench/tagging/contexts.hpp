#pragma once
#include <cassette/contexts/empty.hpp>

#include "../../examples/tagging/forward_ad.hpp"
#include "../../examples/tagging/taint.hpp"

// The examples' contexts (unchecked loads) and their checked variants.
CASSETTE_CONTEXTS(fad::Context<>, fad::CheckedContext, taint::Context, taint::CheckedContext, cassette::EmptyContext)

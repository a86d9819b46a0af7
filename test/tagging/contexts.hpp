// The contexts the tagging tests run the rewritten subject under.
#pragma once

#include <cassette/contexts/empty.hpp>

#include "../../examples/tagging/forward_ad.hpp"
#include "../../examples/tagging/taint.hpp"

CASSETTE_CONTEXTS(fad::Context<>, fad::CheckedContext, taint::Context, taint::CheckedContext, cassette::EmptyContext)

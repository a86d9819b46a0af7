// A context header written for this tree: it counts as cassette::CallCounter
// does, and announces the run with the tree's own logger (on stderr, so the
// program's output stays the original's). The logger runs as written there,
// as from any context code.
#pragma once
#include <cassette/contexts/counter.hpp>

#include "logger.h"

namespace cassette {
inline void whole_program_start(CallCounter&) { logger::line(stderr, "counting"); }
}  // namespace cassette

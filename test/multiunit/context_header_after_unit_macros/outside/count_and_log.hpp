// A context header written for this tree: it counts as cassette::CallCounter
// does, and announces the run with the tree's own logger (on stderr).
#pragma once
#include <cassette/contexts/counter.hpp>

#include "tinylog.h"

namespace cassette {
inline void whole_program_start(CallCounter&) { tinylog::write(stderr, "counting"); }
}  // namespace cassette

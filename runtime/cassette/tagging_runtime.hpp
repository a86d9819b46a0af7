// The tagging runtime for code that is not itself rewritten with --tagging:
// include it where a context with tagging is defined, or where
// `tag_in_place` / `metadata_in_place` / `shadow_bytes` / `freed_memory` are
// used, when no file rewritten with --tagging is included there already (such
// a file includes it itself). Without it, a tagging context's primitive calls
// and memory's metadata stop the build with a message that names this header.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "cassette.hpp"
#include "rt/tagging.hpp"
#pragma GCC visibility pop

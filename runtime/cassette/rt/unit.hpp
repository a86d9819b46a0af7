// What every rewritten file includes first: the user's API (cassette.hpp) and
// the call protocol, registry and indirect-call lookups its twins call.
// A file rewritten with --tagging also includes rt/tagging.hpp, and one that
// takes a function's address rt/indirect.hpp; then it checks
// `cassette::rt::protocol_version` (rt/base.hpp).
#pragma once

#include "../cassette.hpp"
#include "base.hpp"
#include "call.hpp"
#include "indirect_calls.hpp"
#include "passes.hpp"
#include "registry.hpp"

// Cassette for C++: the runtime that rewritten code and contexts include.
// Requires C++20.
#pragma once

#if __cplusplus < 202002L
#error "cassette: the runtime needs C++20 (-std=c++20 or later)"
#endif

#include "callee.hpp"
#include "context.hpp"
#include "ops.hpp"
#include "call.hpp"
#include "registry.hpp"

// The program's registered contexts (CASSETTE_CONTEXTS_HEADER) are included by
// registered.hpp, which every rewritten file includes at its end, once
// everything the registration header may name is declared.

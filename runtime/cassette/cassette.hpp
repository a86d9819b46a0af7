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

// The program's registered contexts come last, after the runtime is complete.
#if defined(CASSETTE_CONTEXTS_HEADER)
#include CASSETTE_CONTEXTS_HEADER
#endif

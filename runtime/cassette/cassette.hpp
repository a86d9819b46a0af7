// Cassette for C++: what people who write contexts include. Requires C++20.
//
//  - contexts and the context slot (context.hpp), callee identities
//    (`cassette::fn<"name">`, callee.hpp), builtin operators (`cassette::op::*`,
//    ops.hpp);
//  - what hooks return and receive (`MaybeOverdub`, `Unobservable`,
//    `partial_hooks`; hooks.hpp); running code under a context (`overdub`,
//    `CASSETTE_FN`, `enclosing_op`; overdub.hpp);
//  - the user's half of tagging (`metadatatype`, `Tagged`, `tag`, `untag`,
//    `metadata`, `nested`, ...; tagging.hpp);
//  - registering the program's contexts (`CASSETTE_CONTEXTS`, registry.hpp);
//  - naming the passes a context uses (`cassette::passes<"name">`, passes.hpp);
//  - ready-made contexts are contexts/*.hpp.
//
// What only the rewriter's output uses lives in namespace cassette::rt, in
// rt/ (rt/unit.hpp is what a rewritten file includes).
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#if __cplusplus < 202002L
#error "cassette: the runtime needs C++20 (-std=c++20 or later)"
#endif

#include "callee.hpp"
#include "context.hpp"
#include "hooks.hpp"
#include "ops.hpp"
#include "overdub.hpp"
#include "passes.hpp"
#include "registry.hpp"
#include "tagging.hpp"

// The program's registered contexts (CASSETTE_CONTEXTS_HEADER) are included by
// rt/registered.hpp, which every rewritten file includes at its end, once
// everything the registration header may name is declared.
#pragma GCC visibility pop

// CASSETTE_INLINE: what the call protocol's functions are declared with.
// Inlined at every optimisation level, so that a context without hooks costs
// nothing even at -O0. Under clang they also have no debug information of
// their own (`nodebug`): their code takes the line of the call site that
// inlined them, so a debugger stepping through a twin goes from the
// original's line to the callee's (or to a hook), not through the runtime's
// headers. GCC has no `nodebug`; `artificial` asks its debuggers the same.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

// CASSETTE_NODEBUG: for what every call site makes but need not inline (a
// callee identity's constructor): a debugger steps over it.
#if defined(__clang__)
#define CASSETTE_NODEBUG __attribute__((nodebug))
#else
#define CASSETTE_NODEBUG __attribute__((artificial))
#endif
#define CASSETTE_INLINE inline __attribute__((always_inline)) CASSETTE_NODEBUG
#pragma GCC visibility pop

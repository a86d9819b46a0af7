// What every rewritten file includes first: the user's API (cassette.hpp) and
// the call protocol, registry and indirect-call lookups its twins call.
// A file rewritten with --tagging also includes rt/tagging.hpp, and one that
// takes a function's address rt/indirect.hpp; then it checks
// `cassette::rt::protocol_version` (rt/base.hpp).
//
// Below C++20 it brings only CASSETTE_CXX20, empty: a unit that is not valid
// C++20 is built at its own standard (cassette-rewrite passes it through) and
// may include rewritten headers, whose twins stand between `#if __cplusplus
// >= 202002L` lines and whose edits inside the original's text in
// CASSETTE_CXX20(...). Virtual thunks have an `#else` of their own, which
// calls the function (as a thunk does when the dynamic target has no twin):
// a class must have the same virtual functions in every unit.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "any_twin.hpp"  // thunks are declared at every standard

// What a thunk's plain body, the one units below C++20 read, says in words
// C++03 does not have: an argument is forwarded from C++11 on, and a C++03
// unit (google benchmark's cxx03_test) has no decltype and passes it as the
// parameter takes it; `noexcept` is `throw()` there, and `override` nothing.
#if __cplusplus >= 201103L
#define CASSETTE_THUNK_ARG(p) static_cast<decltype(p)&&>(p)
#define CASSETTE_THUNK_NOEXCEPT noexcept
#define CASSETTE_THUNK_OVERRIDE override
#else
#define CASSETTE_THUNK_ARG(p) p
#define CASSETTE_THUNK_NOEXCEPT throw()
#define CASSETTE_THUNK_OVERRIDE
#endif

// Where a macro use that took values of __COUNTER__ is replaced by what it
// expanded to (numbers), the counter still advances by as many, so that the
// uses after it take the numbers they took in the original. The argument is
// expanded (it is substituted) and then dropped. cassette-rewrite defines
// the same while it parses such a text (lib/Parse.cpp).
#define CASSETTE_COUNTER_TAKEN(...) CASSETTE_COUNTER_TAKEN_(__VA_ARGS__)
#define CASSETTE_COUNTER_TAKEN_(...)

#if __cplusplus < 202002L
#define CASSETTE_CXX20(...)
#else
#define CASSETTE_CXX20(...) __VA_ARGS__

#include "../cassette.hpp"
#include "base.hpp"
#include "call.hpp"
#include "function_name.hpp"
#include "indirect_calls.hpp"
#include "passes.hpp"
#include "registry.hpp"
#endif
#pragma GCC visibility pop

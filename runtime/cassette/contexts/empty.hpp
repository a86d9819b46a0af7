// The empty context: no hooks. Running a program under it must cost nothing
// (bench/ measures that), so it is how a rewritten program is checked to
// still behave exactly like the original.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "../cassette.hpp"

namespace cassette {

struct EmptyContext : Context<EmptyContext> {
  // No hook can run, so none is looked for: every call goes straight to its
  // twin or to the primitive, and a call site instantiates no hook checks.
  static constexpr bool hooks_enabled = false;
};

}  // namespace cassette
#pragma GCC visibility pop

// Passes (docs/passes.md): a context opts into the passes that
// cassette-rewrite loaded (`--pass lib.so`) by naming them, Cassette's
// `Ctx(pass = mypass)`:
//
//   struct Counting : cassette::Context<Counting> {
//     using passes = cassette::passes<"loop_counter">;
//     ...
//   };
//
// A pass's edits take effect only in twins instantiated for a context that
// names it; under any other context a twin is what it is without the pass.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <string_view>

#include "callee.hpp"

namespace cassette {

/// The passes a context uses, by the names they are registered under.
template <name_literal... Names>
struct passes {
  static constexpr bool names(std::string_view Name) { return ((Names.view() == Name) || ... || false); }
};

}  // namespace cassette
#pragma GCC visibility pop

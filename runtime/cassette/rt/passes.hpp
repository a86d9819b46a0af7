// What twins edited by passes use (docs/passes.md): which passes a context
// names (its `passes` member, cassette/passes.hpp), and the mark that keeps
// an expression of a pass's text from being overdubbed.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <type_traits>

#include "../passes.hpp"

/// Code that runs as written inside a twin: cassette-rewrite rewrites no call
/// in it (Cassette's `Expr(:nooverdub)`).
#define CASSETTE_NOOVERDUB(...) (__VA_ARGS__)

namespace cassette::rt {

template <class Ctx>
struct passes_of {
  using type = ::cassette::passes<>;
};
template <class Ctx>
  requires requires { typename Ctx::passes; }
struct passes_of<Ctx> {
  using type = typename Ctx::passes;
};

/// Whether context Ctx names the pass Name (default: a context names none).
template <class Ctx, name_literal Name>
inline constexpr bool uses_pass = passes_of<std::remove_cvref_t<Ctx>>::type::names(Name.view());

/// Which of Names (bit I for the I-th) Ctx names: a twin edited by several
/// passes picks its body by it.
template <class Ctx, name_literal... Names>
inline constexpr unsigned pass_mask = [] {
  unsigned Mask = 0, Bit = 1;
  ((Mask |= uses_pass<Ctx, Names> ? Bit : 0u, Bit <<= 1), ...);
  return Mask;
}();

}  // namespace cassette::rt
#pragma GCC visibility pop

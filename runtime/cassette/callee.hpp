// Callee identities: the C++ counterpart of Julia's `typeof(f)`. Hooks are
// overloaded on these types, e.g. `execute(MyCtx&, cassette::fn<"std::sin">, double)`.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstddef>
#include <string_view>

namespace cassette {

/// A string usable as a template argument: the qualified name of a callee.
template <std::size_t N>
struct name_literal {
  char text[N]{};
  constexpr name_literal(const char (&s)[N]) {
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  constexpr std::string_view view() const { return {text, N - 1}; }
};

/// Where a callee is declared (file as given to the rewriter, 1-based line and column).
struct source_location {
  const char* file = "";
  unsigned line = 0;
  unsigned column = 0;
};

/// A named function, static or non-static member function, overloaded
/// operator or constructor, identified by its qualified name without template
/// arguments: all overloads and specialisations of a name share one identity,
/// as all methods of a Julia function share `typeof(f)`; argument types tell
/// them apart. The value carries the declaration of the overload that was
/// called. Builtin operators are `cassette::op::*`.
///
/// An aggregate: `fn<"f">("f.cpp", 3, 5)` (as rewritten code names one) is
/// aggregate initialisation, which needs no constructor, so a unit's back end
/// has no function to emit and inline per callee identity.
template <name_literal Name>
struct fn {
  const char* file = "";
  unsigned line = 0;
  unsigned column = 0;
  static constexpr std::string_view name() { return Name.view(); }
  constexpr source_location location() const { return {file, line, column}; }
};

/// A call through something that is not a named function or an operator()
/// of a class (a `std::function` call is `fn<"std::function::operator()">`):
/// a function pointer or reference, a call of a call's result. The callable
/// is the first argument.
struct indirect {
  const char* file = "";
  unsigned line = 0;
  unsigned column = 0;
  static constexpr std::string_view name() { return "(indirect call)"; }
  constexpr source_location location() const { return {file, line, column}; }
};

/// A call through a pointer to member function, `(o.*pm)(a...)` or
/// `(p->*pm)(a...)`: the object is the first argument (`*p` for `->*`), the
/// member pointer the second.
struct member_pointer {
  const char* file = "";
  unsigned line = 0;
  unsigned column = 0;
  static constexpr std::string_view name() { return "(member pointer call)"; }
  constexpr source_location location() const { return {file, line, column}; }
};

/// The readable name of any callee identity.
template <class F>
constexpr std::string_view name(const F&) {
  return F::name();
}
/// Where the callee is declared; builtin operators have no declaration.
template <class F>
constexpr source_location location(const F& f) {
  if constexpr (requires { f.location(); }) return f.location();
  else return {};
}

}  // namespace cassette
#pragma GCC visibility pop

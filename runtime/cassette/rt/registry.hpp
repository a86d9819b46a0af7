// Registered contexts. Two things need, for a context type, code that is
// instantiated where the context is not visible: a virtual call (the twin of
// the dynamic target) and a call of a twin defined in another .cpp file. Both
// work for the contexts a program registers with CASSETTE_CONTEXTS(...) in a
// header named by -DCASSETTE_CONTEXTS_HEADER="..." when the rewritten tree is
// built. Contexts that are not registered still work everywhere else; a virtual
// call under one runs the dynamic target without overdubbing it (with a
// compiler warning saying so), and a twin from another file is a compile error
// that names the context.
//
// The user's half is the macro CASSETTE_CONTEXTS (<cassette/registry.hpp>);
// everything here is what the rewriter's output uses.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <type_traits>

#include "any_twin.hpp"
#include "base.hpp"

namespace cassette::rt {

template <class... Cs>
struct context_list {};

template <class Tag = void>
struct registered_contexts {
  using type = context_list<>;
};

// The list is looked up only where it depends on a template parameter, so
// that nothing reads it before the program's CASSETTE_CONTEXTS is seen.
template <class T>
struct dependent_void {
  using type = void;
};
template <class T>
using registered_list = typename registered_contexts<typename dependent_void<T>::type>::type;

template <class C, class List>
inline constexpr bool in_list = false;
template <class C, class... Cs>
inline constexpr bool in_list<C, context_list<Cs...>> = (std::is_same_v<C, Cs> || ...);

template <class C>
inline constexpr bool is_registered = in_list<C, registered_list<C>>;

template <class C>
inline constexpr char context_key = 0;  // its address identifies C in every TU

template <class C>
[[deprecated(
    "cassette: this context is not registered with CASSETTE_CONTEXTS, so virtual calls under it "
    "run their dynamic target as a primitive (not overdubbed)")]] constexpr void
virtual_call_under_unregistered_context() {}

template <class C>
CASSETTE_INLINE AnyTwin erase(Twin<C> t) {
  if constexpr (!is_registered<C>) virtual_call_under_unregistered_context<C>();
  return AnyTwin{&t.context(), &context_key<C>};
}

namespace detail {
template <class R, class L, class O>
R dispatch_virtual(AnyTwin, L&, O& orig, context_list<>) {
  return orig();
}
template <class R, class L, class O, class C0, class... Cs>
R dispatch_virtual(AnyTwin any, L& twin_call, O& orig, context_list<C0, Cs...>) {
  if (any.key == &context_key<C0>) {
    Twin<C0> t(*static_cast<C0*>(any.ctx));
    return twin_call(t);
  }
  return dispatch_virtual<R>(any, twin_call, orig, context_list<Cs...>{});
}
template <class L, class... Cs>
bool instantiate_each(L& l, context_list<Cs...>) {
  (l.template operator()<Cs>(), ...);
  return true;
}
}  // namespace detail

/// Body of a virtual thunk: run the twin of this class's override for the
/// context behind `any`, or the original if the context is not registered.
template <class R, class L, class O>
R dispatch_virtual(AnyTwin any, L&& twin_call, O&& orig) {
  return detail::dispatch_virtual<R>(any, twin_call, orig, registered_list<L>{});
}

/// Instantiates out-of-line twins of a .cpp file for every registered context,
/// so that other files can call them.
template <class L>
bool instantiate_for_registered(L&& l) {
  return detail::instantiate_each(l, registered_list<L>{});
}

/// Where a rewritten .cpp file's anchors stand: each file specialises run for
/// a tag of its own. Every class of the tree that has non-public members
/// befriends this class, so that anchors can name private and protected
/// twins, and the types of their signatures.
struct anchor_access {
  template <class FileTag>
  static bool run();
};

/// Guard used where a twin defined in another file is called.
template <class C>
constexpr void require_registered() {
  static_assert(is_registered<C>,
                "cassette: this call reaches a twin defined in another .cpp file, which exists only "
                "for contexts registered with CASSETTE_CONTEXTS(...) in the header named by "
                "-DCASSETTE_CONTEXTS_HEADER; register this context there");
}

}  // namespace cassette::rt
#pragma GCC visibility pop

// A call site whose callee is one named function (no overload of that name in
// its scope, no default argument used, not virtual) passes the function as a
// template argument, `named<&f>{}`, instead of an invoker lambda of its own.
// A lambda is a type of its own, so every site used to instantiate its own
// chain of the call protocol; now every site that calls f with the same
// argument types shares one (issue: the rewritten unit's compile time).
//
// The twin is shared the same way: `lean_twin<&cassette_twin_f<C>>(slot,
// invoker)` gives the twin's instantiation for the site's context. Under a
// context that may write an `execute` it gives the site's own invoker,
// generic over the context, because an `execute` may continue the call under
// a context of another type (Call::recurse), whose twin the pointer does not
// name.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <type_traits>

#include "base.hpp"
#include "hooks.hpp"
#include "registry.hpp"

namespace cassette::rt {

/// The callee as written: a function or static member function.
template <auto P>
struct named {
  template <class... A>
  CASSETTE_INLINE decltype(auto) operator()(A&&... a) const {
    return P(static_cast<A&&>(a)...);
  }
};

/// A non-static member function; the object comes first, as the protocol
/// passes it.
template <auto P>
struct named_member {
  template <class O, class... A>
  CASSETTE_INLINE decltype(auto) operator()(O&& o, A&&... a) const {
    return (static_cast<O&&>(o).*P)(static_cast<A&&>(a)...);
  }
};

/// The twin P of a function, for the one context its instantiation takes. Not
/// invocable with another context's slot, so the protocol sees no twin there.
/// External: defined in another file, so it exists for registered contexts only.
template <auto P, bool External>
struct bound_twin {
  template <class C, class... A>
  CASSETTE_INLINE auto operator()(Twin<C>& t, A&&... a) const -> decltype(P(t, static_cast<A&&>(a)...)) {
    if constexpr (External) require_registered<C>();
    return P(t, static_cast<A&&>(a)...);
  }
};

/// The twin P of a non-static member function: object, then slot, then arguments.
template <auto P, bool External>
struct bound_member_twin {
  template <class C, class O, class... A>
  CASSETTE_INLINE auto operator()(Twin<C>& t, O&& o, A&&... a) const
      -> decltype((static_cast<O&&>(o).*P)(t, static_cast<A&&>(a)...)) {
    if constexpr (External) require_registered<C>();
    return (static_cast<O&&>(o).*P)(t, static_cast<A&&>(a)...);
  }
};

/// Whether a twin runs under no context but the call's own under C: C has
/// no hooks, or its hook_kinds leave out `execute` (the one hook that can
/// continue a call under another context).
template <class C>
inline constexpr bool twin_under_own_context = !detail::looks_up<C, hook_lookup::execute_kind, hook::execute>;

/// What a named callee's site passes as its twin: P bound to the site's
/// context when the twin runs under that context only, else the site's
/// invoker.
template <auto P, bool External = false, class Slot, class Invoker>
CASSETTE_INLINE auto lean_twin(const Slot&, Invoker invoker) {
  if constexpr (twin_under_own_context<slot_context<Slot>>) return bound_twin<P, External>{};
  else return invoker;
}
template <auto P, bool External = false, class Slot, class Invoker>
CASSETTE_INLINE auto lean_member_twin(const Slot&, Invoker invoker) {
  if constexpr (twin_under_own_context<slot_context<Slot>>) return bound_member_twin<P, External>{};
  else return invoker;
}

/// The twin caller T of a function defined in another file: that twin exists
/// for registered contexts only (rt/registry.hpp).
template <class T>
struct registered_twin {
  template <class C, class... A>
  CASSETTE_INLINE auto operator()(Twin<C>& t, A&&... a) const -> decltype(T{}(t, static_cast<A&&>(a)...)) {
    require_registered<C>();
    return T{}(t, static_cast<A&&>(a)...);
  }
};

/// A constructor of T called with parentheses, `T(a...)`, as its sites wrote
/// it: every site that makes a T from the same argument types shares it.
template <class T>
struct constructs {
  template <class... A>
  CASSETTE_INLINE T operator()(A&&... a) const {
    return T(static_cast<A&&>(a)...);
  }
};

/// T's twin constructor, `T(slot, a...)`, for the slot of any context: a
/// constructor is named by its class, so unlike a function's twin it needs no
/// invoker of the site's own for Call::recurse.
template <class T>
struct constructs_twin {
  template <class C, class... A>
  CASSETTE_INLINE auto operator()(Twin<C>& t, A&&... a) const -> decltype(T(t, static_cast<A&&>(a)...)) {
    return T(t, static_cast<A&&>(a)...);
  }
};

}  // namespace cassette::rt

/// The callers of a class's member functions named N, which cassette-rewrite
/// declares in the class, after its `{` (lib/MemberCallers.cpp):
/// `C::cassette_calls_N{}` calls `obj.N(args...)` as a site wrote it and
/// `C::cassette_twincalls_N{}` calls `obj.cassette_twin_N(slot, args...)`,
/// for the slot of any context. Overload resolution and default arguments
/// happen in their calls, as at the site, so every site that calls an N of C
/// with the same argument types shares one instantiation of the protocol
/// (the site needs no invoker of its own, even for Call::recurse). N was
/// never a macro's name (the rewriter checks), so it is not expanded here;
/// the macro expands where the class stands, after the program's own macros,
/// so every name in it is the runtime's (`C` or `a` may be someone's macro).
#define CASSETTE_MEMBER_CALLERS(N) CASSETTE_MEMBER_CALLERS_NAMED(N, N)
/// The same for a member operator, `CASSETTE_MEMBER_OPERATOR_CALLERS(operator==,
/// EqualEqual)`: `C::cassette_calls_operator_EqualEqual{}` calls
/// `obj.operator==(b)`, the operator the site's `obj == b` chose.
#define CASSETTE_MEMBER_OPERATOR_CALLERS(OP, KIND) CASSETTE_MEMBER_CALLERS_NAMED(OP, operator_##KIND)
#define CASSETTE_MEMBER_CALLERS_NAMED(CALLED, SUFFIX)                                                         \
  struct cassette_calls_##SUFFIX {                                                                            \
    template <class CassetteObj, class... CassetteArgs>                                                       \
    CASSETTE_INLINE decltype(auto) operator()(CassetteObj&& cassette_o, CassetteArgs&&... cassette_a) const { \
      return static_cast<CassetteObj&&>(cassette_o).CALLED(static_cast<CassetteArgs&&>(cassette_a)...);       \
    }                                                                                                         \
  };                                                                                                          \
  struct cassette_twincalls_##SUFFIX {                                                                        \
    template <class CassetteCtx, class CassetteObj, class... CassetteArgs>                                    \
    CASSETTE_INLINE auto operator()(::cassette::Twin<CassetteCtx>& cassette_t, CassetteObj&& cassette_o,      \
                                    CassetteArgs&&... cassette_a) const                                       \
        -> decltype(static_cast<CassetteObj&&>(cassette_o)                                                    \
                        .cassette_twin_##SUFFIX(cassette_t, static_cast<CassetteArgs&&>(cassette_a)...)) {    \
      return static_cast<CassetteObj&&>(cassette_o)                                                           \
          .cassette_twin_##SUFFIX(cassette_t, static_cast<CassetteArgs&&>(cassette_a)...);                    \
    }                                                                                                         \
  };
#pragma GCC visibility pop

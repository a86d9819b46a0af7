// Which user hook, if any, a call runs; and a hook that cannot run where it
// was meant to is a compile error, not a silent no-op.
//
// The runtime declares its own overloads of prehook, execute, fallback and
// posthook (`no_hook f(...)`, below). Every call of a hook is an ordinary
// unqualified call that finds them by ordinary lookup and the user's hooks by
// argument-dependent lookup, so overload resolution decides:
//  - a user overload that is viable beats the runtime's on every argument (a
//    C variadic parameter is the worst conversion there is): it runs;
//  - no user overload is viable: the runtime's is chosen, and the step is
//    compiled out (no prehook/posthook, execute = OverdubInstead, fallback =
//    the call as written);
//  - two user overloads are equally good: the call is ambiguous. That, or a
//    chosen overload that is deleted, stops the build.
// When the runtime's is chosen, one more question: was a user hook written
// for this callee? A hook is *for* a call when it accepts the context and the
// call's identity (and, for a posthook, a result, or none: a forgotten
// result parameter) with N, N + 1 or N - 1 arguments of any type: the call
// is probed again with `wild` arguments, which convert to anything. Such a
// hook that does not take this call's arguments (their number or their
// types) would never run; that stops the build too, unless the context says
// its hooks are partial on purpose (`cassette::partial_hooks`). A hook whose
// identity parameter names another callee (`const fn<"f">&`) is not for this
// call; a hook whose constraint (`requires`) rejects the arguments is not
// either, since a constraint is how a hook says which arguments it is for (a
// wild argument satisfies none). Where one of the user's overloads fits, all
// this is one concept check (NAME_fits); the rest runs only where none does.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../context.hpp"
#include "../hooks.hpp"
#include "base.hpp"

namespace cassette::rt {

namespace detail {
template <class C>
constexpr bool partial_hooks_of() {
  if constexpr (::cassette::partial_hooks<C>) return true;
  else if constexpr (requires { typename C::base_context; }) return partial_hooks_of<typename C::base_context>();
  else return false;
}
}  // namespace detail

/// Whether C (or the context it extends: nested, with_tagging) declared its
/// hooks partial.
template <class C>
inline constexpr bool partial_hooks_v = detail::partial_hooks_of<C>();

namespace hook_lookup {

/// What the runtime's own hooks return: "no user hook".
struct no_hook {};
no_hook prehook(...);
no_hook posthook(...);
no_hook execute(...);
no_hook fallback(...);

/// An argument of any type (for the question "is a hook written for this
/// callee?"): it converts to any type, by reference or by value.
struct wild {
  template <class T>
  operator T&() const;
  template <class T>
  operator T&&() const;
};
template <std::size_t>
using wild_arg = wild&;

template <class... T>
struct list {};

enum class match { none, user, ambiguous, not_callable };

// One hook: what a call of it with these argument types resolves to: a
// user's overload (its result), the runtime's (no_hook), or nothing at all
// (ill_formed: ambiguous, or the one that fits is deleted). One overload
// resolution per question.
struct ill_formed {};
#define CASSETTE_RT_HOOK_KIND(NAME)                                                       \
  struct NAME##_kind {                                                                    \
    template <class C, class... P>                                                        \
    static auto resolve(int) -> decltype(NAME(std::declval<C&>(), std::declval<P>()...)); \
    template <class C, class... P>                                                        \
    static ill_formed resolve(...);                                                       \
  };
CASSETTE_RT_HOOK_KIND(prehook)
CASSETTE_RT_HOOK_KIND(posthook)
CASSETTE_RT_HOOK_KIND(execute)
CASSETTE_RT_HOOK_KIND(fallback)
#undef CASSETTE_RT_HOOK_KIND

template <class R>
inline constexpr match match_of = match::user;
template <>
inline constexpr match match_of<ill_formed> = match::ambiguous;
template <>
inline constexpr match match_of<no_hook> = match::none;

template <class Kind, class C, class... P>
inline constexpr match resolved = match_of<decltype(Kind::template resolve<C, P...>(0))>;

// Whether a user's hook takes (c, lead..., n wild arguments) for n = N, N + 1
// or N - 1: a parameter too many or too few (the object of a member call
// forgotten or added), or of the wrong types. Further arities are not asked
// about: each question is an overload resolution at every call site that no
// hook takes, the price of a check that is not compiled away. Each question
// is asked only if the one before said no.
template <class Kind, class C, class Lead, class Wild>
inline constexpr bool takes_wild = false;
template <class Kind, class C, class... Lead, std::size_t... I>
inline constexpr bool takes_wild<Kind, C, list<Lead...>, std::index_sequence<I...>> =
    resolved<Kind, C, Lead..., wild_arg<I>...> != match::none;  // ambiguous: among the user's

template <class Kind, class C, class Lead, std::size_t N, int Step = 0,
          bool Found = takes_wild<Kind, C, Lead, std::make_index_sequence<N + (Step == 1) - (Step == 2 && N > 0)>>>
struct takes_near_arity {
  static constexpr bool value = takes_near_arity<Kind, C, Lead, N, Step + 1>::value;
};
template <class Kind, class C, class Lead, std::size_t N, int Step>
struct takes_near_arity<Kind, C, Lead, N, Step, true> {
  static constexpr bool value = true;
};
template <class Kind, class C, class Lead, std::size_t N>
struct takes_near_arity<Kind, C, Lead, N, 3, false> {
  static constexpr bool value = false;
};

// A posthook for this callee that forgot the result parameter is one too.
template <class... Lead>
struct without_result {
  using type = void;
};
template <class R, class F>
struct without_result<R, F> {
  using type = list<F>;
};

// Asked only when no hook runs for the call and the context's hooks are not
// partial: is one written for this callee?
template <class Kind, class C, class Lead, std::size_t N, bool Ask>
struct written_for_callee {
  static constexpr bool value = false;
};
template <class Kind, class C, class... Lead, std::size_t N>
struct written_for_callee<Kind, C, list<Lead...>, N, true> {
  static constexpr bool value = [] {
    if constexpr (takes_near_arity<Kind, C, list<Lead...>, N>::value) return true;
    else if constexpr (!std::is_void_v<typename without_result<Lead...>::type>)
      return takes_wild<Kind, C, typename without_result<Lead...>::type, std::make_index_sequence<N>>;
    else return false;
  }();
};

// Whether a hook of a kind is written for context C at all: one that takes
// the context and up to eight further arguments of any type (for `execute`,
// also a cassette::Call first). Asked once per context, for a kind its
// hook_kinds leaves out; a hook constrained on its parameter types is not
// seen (a wild argument satisfies no constraint).
struct wild_state {};
template <class Kind, class C, std::size_t... N>
constexpr bool written_for_context(std::index_sequence<N...>) {
  constexpr bool any = (takes_wild<Kind, C, list<>, std::make_index_sequence<N>> || ...);
  if constexpr (std::is_same_v<Kind, execute_kind>)
    return any || (takes_wild<Kind, C, list<::cassette::Call<wild, wild_state>&>, std::make_index_sequence<N>> || ...);
  else return any;
}

template <class Kind, class C, class Lead, class Args>
struct classify;
template <class Kind, class C, class... Lead, class... Args>
struct classify<Kind, C, list<Lead...>, list<Args...>> {
  // Only where no user's hook runs (the fast check in NAME_check said so).
  static constexpr match m = resolved<Kind, C, Lead..., Args...>;
  static constexpr match value = m != match::none ? m : written_for_callee < Kind, C, list<Lead...>, sizeof...(Args),
                         !partial_hooks_v<C> && m == match::none > ::value ? match::not_callable : match::none;
};

}  // namespace hook_lookup

// A hook that is ambiguous or does not fit stops the build with a
// static_assert naming the hook, and then with the compiler's own error for
// the same call made where only the user's overloads are visible
// (hook_diagnosis: the runtime's are not), which lists the candidates, each
// hook with where it is declared and why it does not fit. The instantiation
// notes name the call: context, callee identity, argument types, and the
// line of the call in the original source.
#define CASSETTE_RT_HOOK_CHECK(NAME)                                                                                 \
  namespace hook_diagnosis {                                                                                         \
  template <bool Diagnose, class C, class... P>                                                                      \
  struct NAME##_call {                                                                                               \
    using type = void;                                                                                               \
  };                                                                                                                 \
  template <class C, class... P>                                                                                     \
  struct NAME##_call<true, C, P...> {                                                                                \
    using type = decltype(NAME(std::declval<C&>(), std::declval<P>()...));                                           \
  };                                                                                                                 \
  /* Whether one of the user's overloads (the runtime's are not visible here) fits: the common, cheap case. */       \
  template <class C, class... P>                                                                                     \
  concept NAME##_fits = requires(C& c) { NAME(c, std::declval<P>()...); };                                           \
  }                                                                                                                  \
  template <class C, class Lead, class Args>                                                                         \
  struct NAME##_check_slow;                                                                                          \
  template <class C, class... L, class... A>                                                                         \
  struct NAME##_check_slow<C, hook_lookup::list<L...>, hook_lookup::list<A...>> {                                    \
    static constexpr hook_lookup::match m =                                                                          \
        hook_lookup::classify<hook_lookup::NAME##_kind, C, hook_lookup::list<L...>, hook_lookup::list<A...>>::value; \
    static constexpr bool wrong = m == hook_lookup::match::ambiguous || m == hook_lookup::match::not_callable;       \
    using diagnosis = typename hook_diagnosis::NAME##_call<wrong, C, L..., A...>::type;                              \
    static_assert(m != hook_lookup::match::ambiguous,                                                                \
                  "cassette: the " #NAME " for this call is ambiguous: two or more " #NAME                           \
                  " overloads fit it equally well (or the one that fits is deleted), so none could run. "            \
                  "The call (context, callee identity, arguments) is in the instantiation notes; the compiler's "    \
                  "own error for the same call, next to this one, lists the candidates. Make one more specific.");   \
    static_assert(m != hook_lookup::match::not_callable,                                                             \
                  "cassette: a " #NAME                                                                               \
                  " written for this callee cannot take this call's arguments (their "                               \
                  "number or types differ), so it would never run. The call (context, callee identity, "             \
                  "arguments) is in the instantiation notes; the compiler's own error for the same call, next "      \
                  "to this one, names the hook and why it does not fit. Fix it, add an overload for this call, "     \
                  "or, if the context's hooks leave such calls alone on purpose, say so: `using partial_hooks "      \
                  "= void;` in the context (docs/hooks.md).");                                                       \
    static constexpr bool value = m == hook_lookup::match::user;                                                     \
  };                                                                                                                 \
  template <class C, class Lead, class Args>                                                                         \
  struct NAME##_check;                                                                                               \
  template <class C, class... L, class... A>                                                                         \
  struct NAME##_check<C, hook_lookup::list<L...>, hook_lookup::list<A...>>                                           \
      : std::conditional_t<hook_diagnosis::NAME##_fits<C, L..., A...>, std::true_type,                               \
                           NAME##_check_slow<C, hook_lookup::list<L...>, hook_lookup::list<A...>>> {};
CASSETTE_RT_HOOK_CHECK(prehook)
CASSETTE_RT_HOOK_CHECK(posthook)
CASSETTE_RT_HOOK_CHECK(execute)
CASSETTE_RT_HOOK_CHECK(fallback)
#undef CASSETTE_RT_HOOK_CHECK

namespace detail {
// Under a context with hooks_enabled = false no hook is looked up at all.
template <bool Enabled, class Check>
struct when_enabled {
  static constexpr bool value = false;
};
template <class Check>
struct when_enabled<true, Check> {
  static constexpr bool value = Check::value;
};

// A kind of hook the context's hook_kinds leaves out (hooks.hpp): checked
// once per context that none is written for it, then never looked up.
template <class C, class Kind, hook K, bool LeftOut = hooks_enabled_v<C> && !writes(hook_kinds_of<C>(), K)>
struct left_out {
  static constexpr bool value = false;
};
template <class C, class Kind, hook K>
struct left_out<C, Kind, K, true> {
  static_assert(!hook_lookup::written_for_context<Kind, C>(std::make_index_sequence<9>{}),
                "cassette: a hook is written for this context, of a kind its `hook_kinds` leaves out, so it "
                "would never run. The kind is in the instantiation notes (prehook_kind, execute_kind, ...). "
                "Add it to the context's `hook_kinds` (docs/hooks.md).");
  static constexpr bool value = true;
};

// Whether hooks of kind K are looked up for calls under C.
template <class C, class Kind, hook K>
inline constexpr bool looks_up = hooks_enabled_v<C> && !left_out<C, Kind, K>::value;

// Whether a user's hook runs for a call (arguments as the protocol passes
// them: lvalues to prehook and posthook, forwarded to execute and fallback).
template <class C, class F, class... A>
inline constexpr bool user_prehook =
    when_enabled<looks_up<C, hook_lookup::prehook_kind, hook::prehook>,
                 prehook_check<C, hook_lookup::list<const F&>, hook_lookup::list<A&...>>>::value;
template <class C, class R, class F, class... A>
inline constexpr bool user_posthook =
    when_enabled<looks_up<C, hook_lookup::posthook_kind, hook::posthook>,
                 posthook_check<C, hook_lookup::list<R&, const F&>, hook_lookup::list<A&...>>>::value;
template <class C, class F, class... A>
inline constexpr bool user_execute =
    when_enabled<looks_up<C, hook_lookup::execute_kind, hook::execute>,
                 execute_check<C, hook_lookup::list<const F&>, hook_lookup::list<A&&...>>>::value;
template <class C, class F, class... A>
inline constexpr bool user_fallback =
    when_enabled<looks_up<C, hook_lookup::fallback_kind, hook::fallback>,
                 fallback_check<C, hook_lookup::list<const F&>, hook_lookup::list<A&&...>>>::value;
}  // namespace detail

}  // namespace cassette::rt
#pragma GCC visibility pop

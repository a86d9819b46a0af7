// The call protocol. Every call expression in a twin body becomes one call of
// `cassette::rt::call`, which performs Cassette's sequence
//
//   prehook(ctx, f, args...)
//   r = execute(ctx, f, args...)        // default: OverdubInstead
//   r is OverdubInstead ? overdub : r   // overdub = the callee's twin, or fallback
//   posthook(ctx, r, f, args...)
//
// Every decision is made at compile time, so a hook that does not exist costs
// nothing. Which user hook runs, and which mistakes stop the build, is
// rt/hooks.hpp. The tagging runtime (rt/tagging.hpp) is reached through
// `tagging_runtime<C>` only for tagging contexts, so a file that never runs
// one does not parse it.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <concepts>
#include <exception>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "../callee.hpp"
#include "../context.hpp"
#include "../hooks.hpp"
#include "../ops.hpp"
#include "../tagging.hpp"
#include "base.hpp"
#include "hooks.hpp"
#include "indirect_calls.hpp"
#include "named.hpp"
#include "registry.hpp"

#define CASSETTE_FWD(x) static_cast<decltype(x)&&>(x)

// The body of an invoker that calls a printf-like function. The arguments it
// passes on are forwarded, no longer the literals the call wrote, which
// -Wformat-security flags (`snprintf(buf, n, ": ")`: an error under Debian's
// hardening flags, -Werror=format-security), and GCC's -Wformat-truncation
// too (`vsnprintf(0, 0, fmt, va)`, whose size is no longer the constant 0).
// GCC allows no pragma inside an expression, so this wraps the statement.
#if defined(__clang__)
#define CASSETTE_FORMAT_CALL(...)                                                        \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wformat-security\"") \
      __VA_ARGS__ _Pragma("GCC diagnostic pop")
#else
#define CASSETTE_FORMAT_CALL(...)                                                        \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wformat-security\"") \
      _Pragma("GCC diagnostic ignored \"-Wformat-truncation\"")                          \
          _Pragma("GCC diagnostic ignored \"-Wformat-overflow\"") __VA_ARGS__ _Pragma("GCC diagnostic pop")
#endif

namespace cassette::rt {

/// Passed by the rewriter in place of a twin invoker when the callee has no
/// twin (it is a primitive: declared outside --root, a builtin, a C function).
struct no_twin {};
/// What a twin invoker returns for an instantiation that has no twin after
/// all (a builtin operator where the operands depend on a template parameter,
/// under --tagging): the call runs the primitive.
struct not_a_twin {};

/// A braced-list argument's temporary made where the call is written
/// (`list_initialized<T>{{...}}.value`): `value` is copy-list-initialized as
/// the parameter would be, and lives to the end of the caller's
/// full-expression, as in the original call.
template <class T>
struct list_initialized {
  T value;
};

namespace detail {

template <class T>
inline constexpr bool is_maybe_overdub = false;
template <class R>
inline constexpr bool is_maybe_overdub<MaybeOverdub<R>> = true;

// Hooks are called unqualified: argument-dependent lookup finds the user's
// overloads in the context's namespace, in the callee identity's namespace
// (cassette) and in the arguments' namespaces; user_prehook and the others
// (rt/hooks.hpp) say whether one runs.

// Whether the twin invoker runs for these arguments: it is one, it can be
// called with them, and it does not say `not_a_twin`. Asked once per call
// site (its invoker is a type of its own), so asked with one concept: the
// conjunction stops at `no_twin` without looking at the call, and the
// requires-expression resolves the call once. std::is_invocable's machinery,
// and a constexpr lambda deciding the same, cost a third and a tenth of the
// front end of a rewritten unit under a context without hooks.
template <class R>
concept twin_result = !std::is_same_v<R, not_a_twin>;
template <class TwinL, class C, class... A>
concept has_twin = !std::is_same_v<std::remove_cvref_t<TwinL>, no_twin> && requires(TwinL& tw, Twin<C>& t, A&&... a) {
  { tw(t, static_cast<A&&>(a)...) } -> twin_result;
};

template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) outer_primitive(Twin<C> t, const F& f, Orig& orig, A&&... a);

// A callee without a twin: the context's `fallback`; under a nested context
// the call as the enclosing context runs it; under a tagging context the
// call on untagged arguments (Cassette's fallback), so that it compiles for
// any callee; otherwise the call as written.
template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) primitive_body(Twin<C> t, const F& f, Orig& orig, A&&... a) {
  if constexpr (hooks_enabled_v<C> && user_fallback<C, F, A...>) {
    suspend_entries suspended;
    return fallback(t.context(), f, static_cast<A&&>(a)...);
  } else if constexpr (is_nested_v<C>) return outer_primitive(t, f, orig, static_cast<A&&>(a)...);
  else if constexpr (hastagging_v<C> && tagging_ready_v<C>)
    return tagging_runtime<C>::primitive(t, f, orig, static_cast<A&&>(a)...);
  else return orig(static_cast<A&&>(a)...);
}

// A call through a function pointer (or a std::function holding one) whose
// target registered a twin for C runs that twin (indirect.hpp); any other
// target is a primitive. So is the target of a call whose arguments are not
// all forwarded (a null pointer constant, a braced list or a bit-field is
// evaluated inside the invoker, `fp(0)`): its twin cannot take them.
template <class C, class F, class Orig, class Callable, class... A>
CASSETTE_INLINE decltype(auto) indirect_body(Twin<C> t, const F& f, Orig& orig, Callable&& callable, A&&... a) {
  // What the call as written returns (on plain arguments), as twins declare
  // it: a twin's tagged result, or the primitive's (converted to it).
  using R = twin_value_t<C, decltype(orig(static_cast<Callable&&>(callable), std::declval<plain_arg_t<A&&>>()...))>;
  using TwinPtr = decltype(find_indirect_twin<C>(callable));
  if constexpr (std::is_invocable_v<TwinPtr, Twin<C>&, A&&...>)
    if (auto twin = find_indirect_twin<C>(callable)) return static_cast<R>(twin(t, static_cast<A&&>(a)...));
  return static_cast<R>(primitive_body(t, f, orig, static_cast<Callable&&>(callable), static_cast<A&&>(a)...));
}

// A call through a pointer to member function whose target registered a
// twin (or, virtual, its thunk) for C runs it on the object; any other
// target is a primitive.
template <class C, class F, class Orig, class Obj, class PM, class... A>
CASSETTE_INLINE decltype(auto) member_pointer_body(Twin<C> t, const F& f, Orig& orig, Obj&& obj, PM&& pm, A&&... a) {
  using R =
      twin_value_t<C,
                   decltype(orig(static_cast<Obj&&>(obj), static_cast<PM&&>(pm), std::declval<plain_arg_t<A&&>>()...))>;
  using P = plain_mem_fn_ptr<PM>;
  using ObjArg = member_object_arg<P, Obj>;
  using Invoker = typename member_twin_lookup<C, P>::invoker_type;
  if constexpr (std::is_invocable_v<Invoker, Twin<C>&, ObjArg, A&&...>)
    if (Invoker twin = registered_member_twin<C, P>(static_cast<P>(pm)))
      return static_cast<R>(twin(t, static_cast<ObjArg>(obj), static_cast<A&&>(a)...));
  return static_cast<R>(
      primitive_body(t, f, orig, static_cast<Obj&&>(obj), static_cast<PM&&>(pm), static_cast<A&&>(a)...));
}

}  // namespace detail

template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) call(Twin<C> t, const F& f, Orig&& orig, TwinL&& tw, A&&... a);

namespace detail {
// A primitive of a nested context (nested<C, O>) is a call under O, with
// the arguments untagged of C's tags only: what C leaves alone runs as the
// code around it runs (Cassette's inner fallback, itself overdubbed by the
// outer context).
template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) outer_primitive(Twin<C> t, const F& f, Orig& orig, A&&... a) {
  auto under_outer = [&](auto&&... u) -> decltype(auto) {
    return rt::call(t.context().outer, f, orig, no_twin{}, CASSETTE_FWD(u)...);
  };
  if constexpr (tagging_ready_v<C>) return tagging_runtime<C>::primitive(t, f, under_outer, static_cast<A&&>(a)...);
  else return under_outer(untag(static_cast<A&&>(a))...);
}

// A call whose identity can reach a twin table (may_reach_table): the
// registered twin of its target, or the primitive.
template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) table_body(Twin<C> t, const F& f, Orig& orig, A&&... a) {
  if constexpr (reaches_twin_table<F, A...>) return indirect_body(t, f, orig, static_cast<A&&>(a)...);
  else if constexpr (reaches_member_table<F, A...>) return member_pointer_body(t, f, orig, static_cast<A&&>(a)...);
  else return primitive_body(t, f, orig, static_cast<A&&>(a)...);
}

// The callee's body overdubbed (its twin), or, for a primitive, `fallback`.
template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) overdub_body(Twin<C> t, const F& f, Orig& orig, TwinL& tw, A&&... a) {
  if constexpr (has_twin<TwinL, C, A...>) return tw(t, static_cast<A&&>(a)...);
  else if constexpr (may_reach_table<F>) return table_body(t, f, orig, static_cast<A&&>(a)...);
  else return primitive_body(t, f, orig, static_cast<A&&>(a)...);
}

template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) execute_step(Twin<C> t, const F& f, Orig& orig, TwinL& tw, A&&... a);

// Held while an `execute` continues its call under a context (Call::recurse):
// that is the program's code again, intercepted, so whole-program entries
// are no longer suspended there.
struct resume_entries {
  unsigned saved = entries_suspended;
  resume_entries() noexcept { entries_suspended = 0; }
  ~resume_entries() { entries_suspended = saved; }
  resume_entries(const resume_entries&) = delete;
  resume_entries& operator=(const resume_entries&) = delete;
};

// The state behind a cassette::Call: the call's parts as `call` received
// them, so that the hook can continue it under any context. The arguments
// are kept by address, not in a std::tuple: whether a context's `execute`
// takes a Call is asked at every call site, and argument-dependent lookup
// completes this class there, which must cost next to nothing.
template <class C, class F, class Orig, class TwinL, class... A>
struct call_state {
  Twin<C> t;
  const F& f;
  Orig& orig;
  TwinL& tw;
  void* args[sizeof...(A) + 1];

  template <std::size_t I>
  decltype(auto) arg() {
    using T = std::tuple_element_t<I, std::tuple<A...>>;  // not instantiated: A... as a pack of types
    return static_cast<T&&>(*static_cast<std::remove_reference_t<T>*>(args[I]));
  }
  template <class C2, class... B>
  decltype(auto) recurse(C2& ctx2, B&&... b) {
    resume_entries resumed;
    return overdub_body(Twin<C2>(ctx2), f, orig, tw, static_cast<B&&>(b)...);
  }
  template <class C2>
  decltype(auto) recurse_with_own_arguments(C2& ctx2) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
      return recurse(ctx2, arg<I>()...);
    }(std::index_sequence_for<A...>{});
  }
  decltype(auto) fallback() {
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
      return primitive_body(t, f, orig, arg<I>()...);
    }(std::index_sequence_for<A...>{});
  }
  bool canrecurse() {
    if constexpr (has_twin<TwinL, C, A...>) return true;
    else if constexpr (!may_reach_table<F>) return false;
    else if constexpr (reaches_twin_table<F, A...>) {
      using TwinPtr = decltype(find_indirect_twin<C>(arg<0>()));
      if constexpr (std::is_invocable_v<TwinPtr, Twin<C>&, A&&...>) return find_indirect_twin<C>(arg<0>()) != nullptr;
      else return false;
    } else if constexpr (reaches_member_table<F, A...>) {
      // As member_pointer_body asks: the object, the pointer, the arguments.
      return [&]<class Obj, class PM, class... R>(hook_lookup::list<Obj, PM, R...>) {
        using P = plain_mem_fn_ptr<PM>;
        using Invoker = typename member_twin_lookup<C, P>::invoker_type;
        if constexpr (std::is_invocable_v<Invoker, Twin<C>&, member_object_arg<P, Obj>, R&&...>)
          return registered_member_twin<C, P>(static_cast<P>(arg<1>())) != nullptr;
        else return false;
      }(hook_lookup::list<A...>{});
    } else return false;
  }
};

// Whether the context has an `execute` of the second form for the call (it
// takes a cassette::Call, hooks.hpp). Asked only where the first form does
// not take the call: an `execute` written for any callee keeps taking every
// call as it did.
template <class C, class F, class Orig, class TwinL, class... A>
struct execute_call_check {
  static constexpr bool value =
      hook_diagnosis::execute_fits<C, ::cassette::Call<F, call_state<C, F, Orig, TwinL, A...>>&, A&...>;
};
template <class C, class F, class Orig, class TwinL, class... A>
inline constexpr bool user_execute_call = when_enabled<looks_up<C, hook_lookup::execute_kind, hook::execute>,
                                                       execute_call_check<C, F, Orig, TwinL, A...>>::value;

// Under a tagging context, `x op= y`, `++x` and `x++` without a rule of their
// own are the operation (`op::add`, ...), by its rules, stored back into x.
template <class C, class F, class L, class... R>
CASSETTE_INLINE decltype(auto) compound_by_rules(Twin<C> t, const F&, L& lhs, R&&... rhs) {
  using Base = typename compound_op<F>::base;
  using memory = tagging_runtime<C>;  // decomposed_by_rules: C tags values
  auto current = [&] {
    if constexpr (is_tagged_v<std::remove_cv_t<L>>) return lhs;
    else return memory::load(t, lhs);
  }();
  Base base{};
  no_twin none{};
  auto result = [&]() -> decltype(auto) {
    if constexpr (sizeof...(R) == 0) {
      int one = 1;
      return execute_step(t, base, base, none, current, one);
    } else {
      return execute_step(t, base, base, none, current, static_cast<R&&>(rhs)...);
    }
  }();
  if constexpr (is_tagged_v<std::remove_cv_t<L>>) lhs = L(result);
  else memory::assign(t, lhs, result);
  if constexpr (compound_op<F>::postfix) return current;
  else return (lhs);
}

// Asked only under a tagging context: the terms of a conjunction are all
// instantiated, at every call site.
template <bool Tagging, class C, class F, class... A>
inline constexpr bool decomposed_by_rules_if = false;
template <class C, class F, class L, class... R>
inline constexpr bool decomposed_by_rules_if<true, C, F, L, R...> =
    compound_op<F>::is_compound && std::is_lvalue_reference_v<L> &&
    (is_tagged_v<std::remove_cvref_t<L>> || can_carry_metadata_v<C, std::remove_cvref_t<L>>) &&
    !user_execute<C, F, L, R...> && tagging_ready_v<C>;
template <class C, class F, class... A>
inline constexpr bool decomposed_by_rules = decomposed_by_rules_if<hastagging_v<C>, C, F, A...>;

// The second form of `execute`: the hook gets the call (cassette::Call) and
// the arguments as lvalues (the call keeps them for `recurse`); what it
// returns is what the first form's may be.
template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) execute_call(Twin<C> t, const F& f, Orig& orig, TwinL& tw, A&&... a) {
  C& ctx = t.context();
  call_state<C, F, Orig, TwinL, A...> state{
      t, f, orig, tw, {const_cast<void*>(static_cast<const volatile void*>(&a))..., nullptr}};
  ::cassette::Call<F, decltype(state)> call(state);
  using E = decltype(execute(ctx, call, a...));
  if constexpr (std::is_same_v<std::remove_cvref_t<E>, OverdubInstead>) {
    {
      suspend_entries suspended;
      execute(ctx, call, a...);
    }
    return overdub_body(t, f, orig, tw, static_cast<A&&>(a)...);
  } else if constexpr (is_maybe_overdub<std::remove_cvref_t<E>>) {
    using R = decltype(overdub_body(t, f, orig, tw, static_cast<A&&>(a)...));
    auto result = [&] {
      suspend_entries suspended;
      return execute(ctx, call, a...);
    }();
    if (!result.overdub()) return static_cast<R>(std::move(result.value()));
    return overdub_body(t, f, orig, tw, static_cast<A&&>(a)...);
  } else {
    suspend_entries suspended;
    return execute(ctx, call, a...);
  }
}

// Under a context whose hooks leave out `execute` (named.hpp), without
// tagging, the step is the overdub; asked first, so that none of the
// questions below is (each a class instantiation per site). Its branches
// repeat the last ones on purpose: a shared helper would be one more
// instantiation per site.
template <class C>
inline constexpr bool step_is_overdub = twin_under_own_context<C> && !hastagging_v<C>;

template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) execute_step(Twin<C> t, const F& f, Orig& orig, TwinL& tw, A&&... a) {
  if constexpr (step_is_overdub<C>) {
    if constexpr (has_twin<TwinL, C, A...>) return tw(t, static_cast<A&&>(a)...);
    else if constexpr (may_reach_table<F>) return table_body(t, f, orig, static_cast<A&&>(a)...);
    else if constexpr (!looks_up<C, hook_lookup::fallback_kind, hook::fallback> && !is_nested_v<C>)
      return orig(static_cast<A&&>(a)...);  // primitive_body's, without its instantiation
    else return primitive_body(t, f, orig, static_cast<A&&>(a)...);
  } else if constexpr (decomposed_by_rules<C, F, A...>) {
    return compound_by_rules(t, f, a...);
  } else if constexpr (user_execute<C, F, A...>) {
    C& ctx = t.context();
    using E = decltype(execute(ctx, f, static_cast<A&&>(a)...));
    if constexpr (std::is_same_v<std::remove_cvref_t<E>, OverdubInstead>) {
      {
        suspend_entries suspended;
        execute(ctx, f, a...);  // lvalues: the body still needs the arguments
      }
      return overdub_body(t, f, orig, tw, static_cast<A&&>(a)...);
    } else if constexpr (is_maybe_overdub<std::remove_cvref_t<E>>) {
      using R = decltype(overdub_body(t, f, orig, tw, static_cast<A&&>(a)...));
      auto result = [&] {
        suspend_entries suspended;
        return execute(ctx, f, a...);
      }();
      if (!result.overdub()) return static_cast<R>(std::move(result.value()));
      return overdub_body(t, f, orig, tw, static_cast<A&&>(a)...);
    } else {
      suspend_entries suspended;
      return execute(ctx, f, static_cast<A&&>(a)...);
    }
  } else if constexpr (user_execute_call<C, F, Orig, TwinL, A...>) {
    return execute_call(t, f, orig, tw, static_cast<A&&>(a)...);
  } else if constexpr (has_twin<TwinL, C, A...>) {  // overdub_body, one instantiation fewer per call site
    return tw(t, static_cast<A&&>(a)...);
  } else if constexpr (may_reach_table<F>) {
    return table_body(t, f, orig, static_cast<A&&>(a)...);
  } else {
    return primitive_body(t, f, orig, static_cast<A&&>(a)...);
  }
}

// Runs the posthook after a non-movable result has been built in place.
template <class C, class F, class... A>
struct late_posthook {
  C& ctx;
  const F& f;
  std::tuple<A&...> args;
  int uncaught = std::uncaught_exceptions();
  ~late_posthook() noexcept(false) {
    if (std::uncaught_exceptions() > uncaught) return;  // the call threw: no posthook
    Unobservable r;
    suspend_entries suspended;
    std::apply([&](A&... a) { posthook(ctx, r, f, a...); }, args);
  }
};

}  // namespace detail

namespace detail {
// A result the posthook sees, then returned: named in a function whose
// return type is written, where the named return value is elided. Clang does
// not elide it in a function whose return type is deduced, as call's is, and a
// result's copy constructor ran once more per hooked call (a side effect the
// original does not have).
template <class R, class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE R observed_result(Twin<C> t, C& ctx, const F& f, Orig& orig, TwinL& tw, A&&... a) {
  R r = execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
  {
    suspend_entries suspended;
    posthook(ctx, r, f, a...);
  }
  return r;
}
}  // namespace detail

namespace detail {
// table_body under a context without hooks: its primitive is the call as
// written (untagged under a tagging context), as `call` makes it.
template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) hookless_table_body(Twin<C> t, const F& f, Orig& orig, A&&... a) {
  if constexpr (reaches_twin_table<F, A...>) return indirect_body(t, f, orig, static_cast<A&&>(a)...);
  else if constexpr (reaches_member_table<F, A...>) return member_pointer_body(t, f, orig, static_cast<A&&>(a)...);
  else if constexpr (is_nested_v<C>) return outer_primitive(t, f, orig, static_cast<A&&>(a)...);
  else if constexpr (hastagging_v<C>) return orig(untag(static_cast<A&&>(a))...);
  else return orig(static_cast<A&&>(a)...);
}
}  // namespace detail

/// One intercepted call. Emitted by cassette-rewrite; `orig` calls the callee
/// as written, `tw` calls its twin with the context slot first (or is
/// `no_twin`), and `a...` are the evaluated arguments (the object first for a
/// member call).
template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) call(Twin<C> t, const F& f, Orig&& orig, TwinL&& tw, A&&... a) {
  if constexpr (!hooks_enabled_v<C>) {
    if constexpr (detail::has_twin<TwinL, C, A...>) return tw(t, static_cast<A&&>(a)...);
    else if constexpr (detail::may_reach_table<F>)
      return detail::hookless_table_body(t, f, orig, static_cast<A&&>(a)...);
    else if constexpr (detail::is_nested_v<C>) return detail::outer_primitive(t, f, orig, static_cast<A&&>(a)...);
    else if constexpr (hastagging_v<C>) return orig(untag(static_cast<A&&>(a))...);
    else return orig(static_cast<A&&>(a)...);
  } else {
    C& ctx = t.context();
    if constexpr (detail::user_prehook<C, F, A...>) {
      suspend_entries suspended;
      prehook(ctx, f, a...);
    }
    using R = decltype(detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...));
    if constexpr (!detail::looks_up<C, hook_lookup::posthook_kind, hook::posthook>) {
      return detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);  // none of the questions below
    } else if constexpr (std::is_void_v<R>) {
      detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
      if constexpr (detail::user_posthook<C, Nothing, F, A...>) {
        Nothing nothing;
        suspend_entries suspended;
        posthook(ctx, nothing, f, a...);
      }
    } else if constexpr (!std::is_reference_v<R> && !std::is_move_constructible_v<R>) {
      // The result is built in place: the posthook sees an Unobservable.
      if constexpr (detail::user_posthook<C, Unobservable, F, A...>) {
        detail::late_posthook<C, F, A...> guard{ctx, f, {a...}};
        return detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
      } else {
        return detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
      }
    } else if constexpr (!detail::user_posthook<C, std::remove_reference_t<R>, F, A...>) {
      return detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
    } else if constexpr (std::is_reference_v<R>) {
      R r = detail::execute_step(t, f, orig, tw, static_cast<A&&>(a)...);
      {
        suspend_entries suspended;
        posthook(ctx, r, f, a...);
      }
      return static_cast<R>(r);
    } else {
      return detail::observed_result<R>(t, ctx, f, orig, tw, static_cast<A&&>(a)...);
    }
  }
}

namespace detail {
// The slot of a base or delegating constructor initialiser (below): the
// posthook runs when it dies, at the end of the initialiser, once the base is
// constructed (not when the constructor threw).
// A Twin<C> itself, so that the base's twin constructor deduces C from it.
template <class C, class F, class... A>
struct hooked_slot : Twin<C> {
  hooked_slot(Twin<C> t, const F& f, A&&... a) : Twin<C>(t), f(f), args(static_cast<A&&>(a)...) {}
  hooked_slot(const hooked_slot&) = delete;
  const F& f;
  std::tuple<A&&...> args;
  int uncaught = std::uncaught_exceptions();
  ~hooked_slot() noexcept(false) {
    if (std::uncaught_exceptions() > uncaught) return;
    Unobservable r;
    suspend_entries suspended;
    std::apply([&](auto&&... a) { posthook(this->context(), r, f, a...); }, args);
  }
};
}  // namespace detail

/// A base or delegating constructor initialiser `Base(args)` of a twin
/// constructor enters the base's twin directly (a base cannot be built from
/// a returned object): its context slot is made here, running the prehook
/// first and, at the end of the initialiser, the posthook (which sees an
/// Unobservable result). `execute` is not consulted: the base must be built.
/// The arguments are simple names or literals, evaluated here and again for
/// the constructor. Emitted by cassette-rewrite.
template <class C, class F, class... A>
CASSETTE_INLINE auto base_initialiser(Twin<C> t, const F& f, A&&... a) {
  if constexpr (!hooks_enabled_v<C>) {
    return t;
  } else {
    if constexpr (detail::user_prehook<C, F, std::remove_reference_t<A>...>) {
      suspend_entries suspended;
      prehook(t.context(), f, a...);
    }
    if constexpr (detail::user_posthook<C, Unobservable, F, std::remove_reference_t<A>...>)
      return detail::hooked_slot<C, F, A...>(t, f, static_cast<A&&>(a)...);
    else return t;
  }
}

/// A twin constructor's argument for a parameter of class type T taken by
/// value, converted as the original call converts it (cassette-rewrite
/// passes it so where the class has a constructor template that would
/// otherwise take the argument unconverted): the return copy-initialises T
/// from it, as the call initialises its parameter (static_cast<T> would
/// direct-initialise, which also considers T's explicit constructors), and
/// its result object is the twin's parameter, so nothing more is copied.
template <class T, class A>
CASSETTE_INLINE T converted(A&& a) {
  return static_cast<A&&>(a);
}

/// base_initialiser's slot as the Twin<C> itself, where the base has a
/// constructor template whose first parameter is deduced: a hooked slot
/// (derived from Twin<C>) would be an exact match for that template and need
/// a conversion for the twin's Twin<C>, so the template would be chosen. The
/// hooked slot lives to the end of the initialiser, where its posthook runs.
template <class C>
CASSETTE_INLINE Twin<C>& base_slot(Twin<C>&& t) {
  return t;
}

namespace detail {
// A context under which an operation runs exactly as written: no hooks, no
// tagging, no enclosing context.
template <class C>
inline constexpr bool runs_as_written = !hooks_enabled_v<C> && !hastagging_v<C> && !is_nested_v<C>;
}  // namespace detail

/// A builtin operator: the identity is also the operation. Under a context
/// that runs it as written it is the operation, as `call` would make it,
/// without instantiating `call` for it.
template <class C, class Op, class... A>
CASSETTE_INLINE decltype(auto) call_op(Twin<C> t, Op op, A&&... a) {
  if constexpr (detail::runs_as_written<C>) return op(static_cast<A&&>(a)...);
  else return call(t, op, op, no_twin{}, static_cast<A&&>(a)...);
}

/// The operands of an assignment (`a[i()] += v()`, `m[k] = m.size()`,
/// builtin or overloaded) in the order C++17 evaluates them: the right one
/// first. As arguments of one call they would be evaluated in no set order
/// (clang: left to right); the elements of a braced list are evaluated in
/// order. The hooks still see them left first.
template <class R, class L>
struct right_first {
  R&& r;
  L&& l;
};
template <class R, class L>
right_first(R&&, L&&) -> right_first<R, L>;

template <class C, class Op, class R, class L>
CASSETTE_INLINE decltype(auto) call_op_right_first(Twin<C> t, Op op, right_first<R, L> a) {
  return call_op(t, op, static_cast<L&&>(a.l), static_cast<R&&>(a.r));
}
template <class C, class F, class Orig, class TwinL, class R, class L>
CASSETTE_INLINE decltype(auto) call_right_first(Twin<C> t, const F& f, Orig&& orig, TwinL&& tw, right_first<R, L> a) {
  return call(t, f, static_cast<Orig&&>(orig), static_cast<TwinL&&>(tw), static_cast<L&&>(a.l), static_cast<R&&>(a.r));
}

/// Operands that C++17 evaluates left to right, where a call's arguments
/// have no set order (g++ often evaluates them right to left): the left
/// operand of `<<`, `>>`, `[]`, `->*`, `,`, `&&`, `||` before the right
/// (`os << f() << g()`), the object of a member call or the callee of an
/// indirect one before the arguments (`get().m(x())`). The elements of a
/// braced list are evaluated in order, also when they are a constructor's
/// arguments.
template <class... A>
struct in_order {
  CASSETTE_INLINE in_order(A&&... x) : a(static_cast<A&&>(x)...) {}
  std::tuple<A&&...> a;
};
template <class... A>
in_order(A&&...) -> in_order<A...>;

namespace detail {
template <class C, class F, class Orig, class TwinL, class... A, std::size_t... I>
CASSETTE_INLINE decltype(auto) call_in_order(Twin<C> t, const F& f, Orig&& orig, TwinL&& tw, in_order<A...>& a,
                                             std::index_sequence<I...>) {
  return call(t, f, static_cast<Orig&&>(orig), static_cast<TwinL&&>(tw), static_cast<A&&>(std::get<I>(a.a))...);
}
}  // namespace detail

template <class C, class F, class Orig, class TwinL, class... A>
CASSETTE_INLINE decltype(auto) call_in_order(Twin<C> t, const F& f, Orig&& orig, TwinL&& tw, in_order<A...> a) {
  return detail::call_in_order(t, f, static_cast<Orig&&>(orig), static_cast<TwinL&&>(tw), a,
                               std::index_sequence_for<A...>{});
}
template <class C, class Op, class L, class R>
CASSETTE_INLINE decltype(auto) call_op_in_order(Twin<C> t, Op op, in_order<L, R> a) {
  return call_op(t, op, static_cast<L&&>(std::get<0>(a.a)), static_cast<R&&>(std::get<1>(a.a)));
}

/// A floating multiplication that the original adds or subtracts in the
/// same expression (`a * b + c`, `s += a * b`): the compiler may contract
/// that into one fused multiply-add (-ffp-contract=on, the default), which
/// rounds once, and vectorizes it differently. Under a context without hooks
/// (nothing can see the product) the product is held unmultiplied and the
/// addition computes `a * b + c` as one expression, so the twin is contracted
/// exactly where the original was; under any other context it is the
/// multiplication (the addition's hooks see its value).
template <class T>
struct product {
  T l, r;
};
template <class C, class A, class B>
CASSETTE_INLINE decltype(auto) call_op_product(Twin<C> t, A&& a, B&& b) {
  if constexpr (detail::runs_as_written<C>) {
    using T = decltype(a * b);
    return product<T>{static_cast<T>(a), static_cast<T>(b)};
  } else {
    return call_op(t, op::mul{}, static_cast<A&&>(a), static_cast<B&&>(b));
  }
}
/// The addition or subtraction that takes such a product (the rewriter
/// names it apart, so that every other operator's `call_op` is one function
/// template to deduce at its site, not seven): the sum of the held operands,
/// or, where the product is a value, the operator as any other.
template <class C, class Op, class... A>
CASSETTE_INLINE decltype(auto) call_op_sum(Twin<C> t, Op op, A&&... a) {
  return call_op(t, op, static_cast<A&&>(a)...);
}
template <class C, class X, class T>
CASSETTE_INLINE auto call_op_sum(Twin<C>, op::add, X&& x, product<T> p) {
  return static_cast<X&&>(x) + p.l * p.r;
}
template <class C, class X, class T>
CASSETTE_INLINE auto call_op_sum(Twin<C>, op::add, product<T> p, X&& x) {
  return p.l * p.r + static_cast<X&&>(x);
}
template <class C, class X, class T>
CASSETTE_INLINE auto call_op_sum(Twin<C>, op::sub, X&& x, product<T> p) {
  return static_cast<X&&>(x) - p.l * p.r;
}
template <class C, class X, class T>
CASSETTE_INLINE auto call_op_sum(Twin<C>, op::sub, product<T> p, X&& x) {
  return p.l * p.r - static_cast<X&&>(x);
}
template <class C, class X, class T>
CASSETTE_INLINE X& call_op_sum(Twin<C>, op::add_assign, X& x, product<T> p) {
  return x += p.l * p.r;
}
template <class C, class X, class T>
CASSETTE_INLINE X& call_op_sum(Twin<C>, op::sub_assign, X& x, product<T> p) {
  return x -= p.l * p.r;
}
/// The same, its operands in C++17's order, right first (`a[i()] += f() * g()`).
template <class C, class Op, class R, class L>
CASSETTE_INLINE decltype(auto) call_op_sum(Twin<C> t, Op op, right_first<R, L> a) {
  return call_op_sum(t, op, static_cast<L&&>(a.l), static_cast<R&&>(a.r));
}

/// T's own static factory (cassette_construct_) takes these arguments: not
/// a base class's, which T inherits by name and which builds the base
/// (yaml-cpp's iterator_value, a Node, would get Node's).
template <class T, class C, class... A>
concept has_own_factory = requires(Twin<C>& t, A&&... a) {
  { T::cassette_construct_(t, static_cast<A&&>(a)...) } -> std::same_as<std::remove_cv_t<T>>;
};

/// Stands where a Twin would: a class that can also be built from this has a
/// constructor template that takes anything (fmt's test `template <class T>
/// custom_char(T val)`), which would take a Twin too and fail in its body.
struct any_argument {};

template <class T, bool Braced, class... A>
concept takes_anything = (Braced && requires(A&&... a) { T{any_argument{}, static_cast<A&&>(a)...}; }) ||
                         (!Braced && requires(A&&... a) { T(any_argument{}, static_cast<A&&>(a)...); });

/// A T built by its twin constructor, for a construction that depends on a
/// template parameter (`T(args)` in a template of the tree): through T's
/// static factory when it has one, since the factory is what other files
/// anchor (a twin constructor defined out of line in another file is
/// instantiated there only inside the factory).
template <class T, bool Braced, class C, class... A>
  requires(has_own_factory<T, C, A...> || (!takes_anything<T, Braced, A...> &&
                                           (Braced ? requires(Twin<C>& t, A&&... a) { T{t, static_cast<A&&>(a)...}; }
                                                   : requires(Twin<C>& t, A&&... a) { T(t, static_cast<A&&>(a)...); })))
CASSETTE_INLINE T construct_twin(Twin<C>& t, A&&... a) {
  if constexpr (has_own_factory<T, C, A...>) return T::cassette_construct_(t, static_cast<A&&>(a)...);
  else if constexpr (Braced) return T{t, static_cast<A&&>(a)...};
  else return T(t, static_cast<A&&>(a)...);
}

// A unit built without RTTI (-fno-rtti) cannot name typeid, and has no
// typeid expression to rewrite either.
#if defined(__cpp_rtti) || defined(__GXX_RTTI)
/// `typeid(e)` of a polymorphic glvalue whose operand holds rewritten calls:
/// the operand runs in `operand`, a lambda returning e (by reference), so
/// that the lambdas of its calls are not inside typeid's operand, which clang
/// transforms again once it finds the operand evaluated.
template <class Operand>
const std::type_info& typeid_of(Operand&& operand) {
  auto&& value = operand();
  return typeid(value);
}
/// `typeid(*p)`: the `*` stays inside typeid, which throws std::bad_typeid
/// for a null p.
template <class Pointer>
const std::type_info& typeid_of_pointee(Pointer&& pointer) {
  auto p = pointer();
  return typeid(*p);
}
#endif

}  // namespace cassette::rt
#pragma GCC visibility pop

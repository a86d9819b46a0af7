// Running code under a context: `cassette::overdub` (Cassette's overdub),
// `canoverdub`, `CASSETTE_FN` / `CASSETTE_OVERDUB`, and `enclosing_op` /
// `enclosing_call` for rules of contexts that may be nested.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <type_traits>
#include <utility>

#include "context.hpp"
#include "rt/call.hpp"
#include "tagging.hpp"

namespace cassette {

/// Run an operation (`cassette::op::mul{}`, ...) on values the way the code
/// around context C runs it: plainly, or, when C is nested in O
/// (`cassette::nested<C, O>`), as an intercepted call under O, by O's hooks
/// and rules. A rule of a context that may be nested does the arithmetic on
/// its operands' primal values with it, since those values may be tagged by
/// the enclosing context (nested differentiation).
template <class C, class Op, class... A>
CASSETTE_INLINE decltype(auto) enclosing_op(C& c, Op op, A&&... a) {
  if constexpr (detail::is_nested_v<C>) return rt::call(c.outer, op, op, rt::no_twin{}, static_cast<A&&>(a)...);
  else return op(static_cast<A&&>(a)...);
}
/// `enclosing_op` for a function: `f` is its identity (`cassette::fn<"std::sin">{}`)
/// and `orig` calls it (`[](auto x) { return std::sin(x); }`).
template <class C, class F, class Orig, class... A>
CASSETTE_INLINE decltype(auto) enclosing_call(C& c, const F& f, Orig&& orig, A&&... a) {
  if constexpr (detail::is_nested_v<C>) return rt::call(c.outer, f, orig, rt::no_twin{}, static_cast<A&&>(a)...);
  else return orig(static_cast<A&&>(a)...);
}

/// Compile-time `canoverdub`: whether `f(args...)` has a twin that
/// `overdub` would run for context C (otherwise `overdub` is `fallback`).
template <class C, class F, class... A>
inline constexpr bool canoverdub_v = std::is_invocable_v<F&, Twin<C>&, A...>;

template <class C, class F, class... A>
constexpr bool canoverdub(const C&, const F&, A&&...) {
  return canoverdub_v<C, F, A...>;
}

namespace detail {
// One named return, so the object is built where the caller wants it (NRVO)
// and the metadata adopted is the caller's object's.
template <class R, class C, class F, class... A>
R adopted(Twin<C> t, F& f, A&&... a) {
  R r = f(t, static_cast<A&&>(a)...);
  rt::tagging_runtime<C>::adopt(t, r);
  return r;
}
}  // namespace detail

/// Cassette's `overdub(ctx, f, args...)`: run `f(args...)` with every call
/// inside it intercepted. The call of `f` itself is not hooked. `f` is a
/// callable that accepts the context slot first, such as `CASSETTE_FN(name)`
/// or a lambda `[&](auto cassette_ctx) { ... }` in rewritten code; anything
/// else cannot be overdubbed and goes to `fallback` (by default: `f(args...)`).
///
/// Under a tagging context, an object the twin returns by value takes the
/// metadata of the object the twin returned (cassette::returning, adopt), as
/// a variable of a twin would.
/// A callable that names the function it calls (CASSETTE_FN): its callee
/// identity, the one the rewriter gives that function's call sites.
template <class F>
concept identified = requires { typename std::remove_cvref_t<F>::cassette_identity; };

template <class C, class F, class... A>
decltype(auto) overdub(C& ctx, F&& f, A&&... a) {
  Twin<C> t(ctx);
  if constexpr (identified<F>) {
    // As Cassette's overdub: the context's `execute` for this callee decides
    // the entry call too (a result instead of running it, or the body); no
    // prehook or posthook fires for the entry call itself.
    using Id = typename std::remove_cvref_t<F>::cassette_identity;
    auto orig = [&](auto&&... x) -> decltype(auto) { return f(CASSETTE_FWD(x)...); };
    auto tw = [&](auto& tt, auto&&... x) -> decltype(f(tt, CASSETTE_FWD(x)...)) { return f(tt, CASSETTE_FWD(x)...); };
    if constexpr (rt::detail::user_execute<C, Id, A...> ||
                  rt::detail::user_execute_call<C, Id, decltype(orig), decltype(tw), A...>) {
      Id id{};
      return rt::detail::execute_step(t, id, orig, tw, static_cast<A&&>(a)...);
    } else {
      return overdub(ctx, static_cast<typename std::remove_cvref_t<F>::set_type const&>(f), static_cast<A&&>(a)...);
    }
  } else if constexpr (canoverdub_v<C, F, A...>) {
    using R = decltype(f(t, static_cast<A&&>(a)...));
    if constexpr (hastagging_v<C> && std::is_class_v<R> && std::is_trivially_copyable_v<R> && rt::tagging_ready_v<C>) {
      return detail::adopted<R>(t, f, static_cast<A&&>(a)...);
    } else {
      return f(t, static_cast<A&&>(a)...);
    }
  } else if constexpr (rt::fallback_check<C, rt::hook_lookup::list<const F&>, rt::hook_lookup::list<A&&...>>::value) {
    rt::suspend_entries suspended;
    return fallback(ctx, f, static_cast<A&&>(a)...);
  } else return f(static_cast<A&&>(a)...);
}

/// Several callables as one overload set.
template <class... L>
struct overload_set : L... {
  using L::operator()...;
};
template <class... L>
overload_set(L...) -> overload_set<L...>;

/// An overload set that names the function it calls (CASSETTE_FN).
template <class Identity, class... L>
struct identified_fn : overload_set<L...> {
  using cassette_identity = Identity;
  using set_type = overload_set<L...>;
};
template <class Identity, class... L>
constexpr identified_fn<Identity, L...> identify(L... l) {
  return {{l...}};
}
}  // namespace cassette

/// A function of the rewritten tree as one callable: called with the context
/// slot first it runs the twin (`cassette_twin_NAME`), otherwise the original,
/// so `cassette::overdub(ctx, CASSETTE_FN(rosenbrock), x)` overdubs it.
/// NAME is unqualified and looked up where the macro is used; for a function in
/// another namespace use CASSETTE_FN_IN(ns, NAME). It carries the identity the
/// rewriter gives NAME's calls (`fn<"NAME">`, `fn<"ns::NAME">`), so that
/// `overdub` consults the context's `execute` for the entry call.
#define CASSETTE_FN(name) CASSETTE_FN_QUALIFIED(, name, #name)
#define CASSETTE_FN_IN(ns, name) CASSETTE_FN_QUALIFIED(ns::, name, #ns "::" #name)
#define CASSETTE_FN_QUALIFIED(prefix, name, id)                                                                    \
  (::cassette::identify<::cassette::fn<id>>(                                                                       \
      [](auto& cassette_t,                                                                                         \
         auto&&... cassette_a) -> decltype(prefix cassette_twin_##name(cassette_t, CASSETTE_FWD(cassette_a)...)) { \
        return prefix cassette_twin_##name(cassette_t, CASSETTE_FWD(cassette_a)...);                               \
      },                                                                                                           \
      [](auto&&... cassette_a) -> decltype(prefix name(CASSETTE_FWD(cassette_a)...)) {                             \
        return prefix name(CASSETTE_FWD(cassette_a)...);                                                           \
      }))

/// Cassette's `@overdub(ctx, f(args...))`, spelled `CASSETTE_OVERDUB(ctx, f, args...)`.
#define CASSETTE_OVERDUB(ctx, f, ...) ::cassette::overdub(ctx, CASSETTE_FN(f) __VA_OPT__(, ) __VA_ARGS__)
#pragma GCC visibility pop

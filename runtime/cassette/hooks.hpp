// What hooks return and receive beyond the context (context.hpp): the run-time
// choice `MaybeOverdub`, the result `Unobservable`, and `partial_hooks`, the
// way to say that a context's hooks leave some calls alone on purpose.
// Hooks themselves are free functions the user writes; see docs/hooks.md.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <optional>
#include <type_traits>
#include <utility>

#include "context.hpp"

namespace cassette {

/// What a posthook sees as the result of a call whose result cannot be copied
/// or moved (a non-movable prvalue); the posthook still runs after the call.
struct Unobservable {};

/// `execute` may return `MaybeOverdub<R>` to decide at run time between a
/// result and `cassette::overdub_instead` (continue into the callee's twin,
/// Cassette's `recurse`). Memoisation is written this way.
template <class R>
class MaybeOverdub {
 public:
  MaybeOverdub(OverdubInstead) {}
  template <class U>
    requires std::is_constructible_v<R, U&&>
  MaybeOverdub(U&& value) : value_(std::forward<U>(value)) {}
  bool overdub() const noexcept { return !value_.has_value(); }
  R& value() { return *value_; }

 private:
  std::optional<R> value_;
};

/// What the second form of `execute`, `execute(ctx, cassette::Call<F, S>& call,
/// args...)`, receives in place of the callee's identity: the call itself,
/// which the hook may continue as Cassette's `overdub` override does
/// (docs/hooks.md, "Continuing a call under another context"):
///  - `call.recurse(ctx2)`: the callee's body overdubbed under another context
///    object `ctx2` (a `similarcontext` copy with other metadata, or a context
///    of another type; a callee defined in another file needs that type
///    registered, CASSETTE_CONTEXTS), with the call's own arguments;
///    `call.recurse(ctx2, args...)` with others;
///  - `call.fallback()`: the callee as written, not overdubbed (the context's
///    `fallback` hook if it has one for the call);
///  - `call.canrecurse()`: whether `recurse` runs a body (the callee has a
///    twin, or the target of a pointer to a function or member function registered one) rather than the
///    primitive;
///  - `call.callee()`: the identity (`cassette::name(call.callee())`).
/// S is the runtime's state of the call; write it as a template parameter.
template <class F, class S>
class Call {
 public:
  using callee_type = F;
  explicit Call(S& state) noexcept : state_(state) {}
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  const F& callee() const noexcept { return state_.f; }
  bool canrecurse() { return state_.canrecurse(); }
  template <class C2>
  decltype(auto) recurse(C2& ctx2) {
    return state_.recurse_with_own_arguments(ctx2);
  }
  template <class C2, class A0, class... A>
  decltype(auto) recurse(C2& ctx2, A0&& a0, A&&... a) {
    return state_.recurse(ctx2, std::forward<A0>(a0), std::forward<A>(a)...);
  }
  decltype(auto) fallback() { return state_.fallback(); }

 private:
  S& state_;
};

/// A hook written for a callee (its identity parameter accepts the call's
/// identity) that cannot take the call's arguments stops the build: it would
/// never run, which is almost always a mistake (docs/hooks.md, "When a hook
/// does not fit"). A context whose hooks are meant to fit only some calls of
/// a callee says so, with a member `using partial_hooks = void;` or by
/// specialising this trait to true; such calls then run without that hook.
template <class Ctx>
inline constexpr bool partial_hooks = requires { typename Ctx::partial_hooks; };

/// The kinds of hook a context can declare that it writes (`hook_kinds`).
enum class hook : unsigned { prehook = 1, execute = 2, fallback = 4, posthook = 8 };
constexpr hook operator|(hook a, hook b) noexcept {
  return static_cast<hook>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
constexpr bool writes(hook set, hook kind) noexcept {
  return (static_cast<unsigned>(set) & static_cast<unsigned>(kind)) != 0;
}
inline constexpr hook all_hooks = hook::prehook | hook::execute | hook::fallback | hook::posthook;

/// A context may declare which kinds of hook it writes:
///
///   struct Counter : cassette::Context<Counter> {
///     static constexpr cassette::hook hook_kinds = cassette::hook::prehook;
///   };
///
/// A kind it leaves out is not looked up at any call site: no overload
/// resolution, no check that a hook of that kind fits. That is most of the
/// compile time of a call site under a context with hooks. Once per context,
/// the runtime checks that no hook of a left-out kind is written for it (a
/// hook that takes the context and any arguments), so a hook added later and
/// not declared stops the build instead of never running. Without the
/// declaration every kind is looked up (all_hooks).
template <class Ctx>
constexpr hook hook_kinds_of() {
  if constexpr (requires { Ctx::hook_kinds; }) return static_cast<hook>(Ctx::hook_kinds);
  else return all_hooks;
}

}  // namespace cassette
#pragma GCC visibility pop

// What hooks return and receive beyond the context (context.hpp): the run-time
// choice `MaybeOverdub`, the result `Unobservable`, and `partial_hooks`, the
// way to say that a context's hooks leave some calls alone on purpose.
// Hooks themselves are free functions the user writes; see docs/hooks.md.
#pragma once

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

/// A hook written for a callee (its identity parameter accepts the call's
/// identity) that cannot take the call's arguments stops the build: it would
/// never run, which is almost always a mistake (docs/hooks.md, "When a hook
/// does not fit"). A context whose hooks are meant to fit only some calls of
/// a callee says so, with a member `using partial_hooks = void;` or by
/// specialising this trait to true; such calls then run without that hook.
template <class Ctx>
inline constexpr bool partial_hooks = requires { typename Ctx::partial_hooks; };

}  // namespace cassette

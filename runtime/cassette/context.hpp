// Contexts: a context is an ordinary C++ class. Its hooks are free functions
// (found by argument-dependent lookup) overloaded on the context type, the
// callee identity and the argument types; see docs/contexts.md.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <type_traits>
#include <utility>

/// On a context type: the instances of twins for it are seen outside the
/// shared library that makes them even when it is built with
/// -fvisibility=hidden (google benchmark's libbenchmark.so): an instance is
/// no more visible than its template arguments. Declare your context so
/// when a tree builds shared libraries with hidden visibility. The
/// runtime's headers declare everything with default visibility (`#pragma
/// GCC visibility push(default)`): its contexts, and the state its inline
/// functions keep (a callee's counter, the registries), which must be one
/// in the program and its libraries.
#define CASSETTE_VISIBLE __attribute__((visibility("default")))

namespace cassette {

/// Metadata of a context that carries none (Cassette's `NoMetaData`).
struct NoMetaData {};

/// What `execute` returns to say "run the callee's body overdubbed instead".
struct OverdubInstead {};
inline constexpr OverdubInstead overdub_instead{};

/// The value a posthook sees as the result of a call that returns `void`.
struct Nothing {};

/// Convenience base for contexts: `struct MyCtx : cassette::Context<MyCtx, M> {}`.
/// Deriving is optional; any class type works as a context. The base makes
/// namespace `cassette` an associated namespace of the context, so hooks
/// declared there are found too.
namespace detail {
template <class Metadata>
struct metadata_storage {
  Metadata metadata{};
};
// No metadata, no member: a context without state stays an empty class.
template <>
struct metadata_storage<NoMetaData> {
  static constexpr NoMetaData metadata{};
};
}  // namespace detail

template <class Derived, class Metadata = NoMetaData>
struct Context : detail::metadata_storage<Metadata> {
  using metadata_type = Metadata;

  /// Set to false in a derived context to compile every hook away: calls go
  /// straight to their twins (or to the primitive) with no prehook, execute,
  /// fallback or posthook. `static constexpr bool hooks_enabled = false;`
  static constexpr bool hooks_enabled = true;
};

template <class C>
concept has_hooks_flag = requires {
  { C::hooks_enabled } -> std::convertible_to<bool>;
};

/// Whether hooks of context type C run at all (compile-time).
template <class C>
inline constexpr bool hooks_enabled_v = [] {
  if constexpr (has_hooks_flag<C>) return static_cast<bool>(C::hooks_enabled);
  else return true;
}();

/// A context without state: any instance is as good as another.
template <class Ctx>
inline constexpr bool stateless_v = std::is_empty_v<Ctx> && std::is_trivially_default_constructible_v<Ctx>;

namespace detail {
template <class Ctx, bool Stateless = stateless_v<Ctx>>
struct twin_storage {
  Ctx* ctx;
  constexpr explicit twin_storage(Ctx& c) noexcept : ctx(&c) {}
  Ctx& context() const noexcept { return *ctx; }
};
// Zero-size: the slot of a stateless context takes no register, so a twin
// under an empty context compiles to the original's machine code.
template <class Ctx>
struct twin_storage<Ctx, true> {
  constexpr explicit twin_storage(Ctx&) noexcept {}
  Ctx& context() const noexcept { return instance; }
  static inline Ctx instance{};
};
}  // namespace detail

/// The context slot of a twin. Every twin takes one as its first parameter:
/// a pointer to the context, or nothing at all for a stateless context.
/// Constrained to class types: a call naming a twin template's arguments
/// (`cassette_twin_log<Args...>(...)`) gives the surplus of a longer list to
/// the context parameter of an overload with fewer parameters, and
/// `Twin<const int&>` must then drop that overload, not fail to compile.
template <class Ctx>
  requires std::is_class_v<Ctx>
struct Twin : detail::twin_storage<Ctx> {
  constexpr explicit Twin(Ctx& c) noexcept : detail::twin_storage<Ctx>(c) {}
};

/// Make the context slot for `ctx`; calling `cassette_twin_f(cassette::twin(ctx), args...)`
/// runs the twin of `f` (the body overdubbed) without hooks around that call.
template <class Ctx>
constexpr Twin<Ctx> twin(Ctx& ctx) noexcept {
  return Twin<Ctx>(ctx);
}

/// Cassette's `similarcontext`: a copy of `ctx` whose metadata is replaced.
template <class Ctx>
Ctx similarcontext(const Ctx& ctx) {
  return ctx;
}
template <class Ctx, class M>
  requires requires(Ctx& c, M&& m) { c.metadata = std::forward<M>(m); }
Ctx similarcontext(const Ctx& ctx, M&& metadata) {
  Ctx copy = ctx;
  copy.metadata = std::forward<M>(metadata);
  return copy;
}

}  // namespace cassette
#pragma GCC visibility pop

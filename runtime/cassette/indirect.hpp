// Calls through function pointers (and std::function objects holding one)
// reach the twin of their target when the target is a function of the tree.
//
// Where a twin takes the address of a function of the tree (`&f`, `f`
// decaying to a pointer, `f` passed to a std::function or a callback), the
// rewriter writes `cassette::twin_address<Ctx, &f, &cassette_twin_f>()`: its
// value is the plain `&f` (so the pointer can go anywhere, including code
// outside the tree), and instantiating it registers the pair (&f, the twin's
// instantiation for Ctx) in a table per context type and signature, filled
// during static initialisation. An indirect call under Ctx looks its pointer
// up there: found, the twin runs; otherwise the target runs as a primitive.
// The table is read-only once main has started (entries are added by the
// dynamic initialisation of template variables), so lookups need no lock.
#pragma once

#include <functional>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "callee.hpp"
#include "context.hpp"
#include "tagging.hpp"

namespace cassette {

namespace detail {

// What a twin for C declares a by-value parameter or return of type T as:
// `value_t<C, T>` (a tagged value under a tagging context), references and
// void as they are.
template <class C, class T>
using twin_value_t = std::conditional_t<std::is_reference_v<T> || std::is_void_v<T>, T, value_t<C, T>>;

// A function pointer type without `noexcept` (the key of a table), and the
// type of its twin's pointer for context C. Not a function pointer: void.
template <class P>
struct fn_ptr_traits {
  using plain = void;
};
template <class R, class... A>
struct fn_ptr_traits<R (*)(A...)> {
  using plain = R (*)(A...);
  template <class C>
  using twin = twin_value_t<C, R> (*)(Twin<C>, twin_value_t<C, A>...);
};
template <class R, class... A>
struct fn_ptr_traits<R (*)(A...) noexcept> : fn_ptr_traits<R (*)(A...)> {};
template <class R, class... A>
struct fn_ptr_traits<R (*)(A..., ...)> {
  using plain = R (*)(A..., ...);
  template <class C>
  using twin = twin_value_t<C, R> (*)(Twin<C>, twin_value_t<C, A>..., ...);
};
template <class R, class... A>
struct fn_ptr_traits<R (*)(A..., ...) noexcept> : fn_ptr_traits<R (*)(A..., ...)> {};

template <class F>
using decayed_fn_ptr = typename fn_ptr_traits<std::decay_t<F>>::plain;

template <class C, class P>
struct twin_table {
  using twin_type = typename fn_ptr_traits<P>::template twin<C>;
  static std::unordered_map<P, twin_type>& entries() {
    static std::unordered_map<P, twin_type> map;
    return map;
  }
};

template <class C, auto Orig, auto TwinPtr>
inline const bool twin_entry = [] {
  using P = typename fn_ptr_traits<decltype(Orig)>::plain;
  twin_table<C, P>::entries().emplace(static_cast<P>(Orig), TwinPtr);
  return true;
}();

/// The twin registered for function pointer f under C, or nullptr.
template <class C, class P>
typename twin_table<C, P>::twin_type registered_twin(P f) {
  const auto& map = twin_table<C, P>::entries();
  if (map.empty()) return nullptr;
  auto it = map.find(f);
  return it == map.end() ? nullptr : it->second;
}

template <class F>
inline constexpr bool is_std_function = false;
template <class Sig>
inline constexpr bool is_std_function<std::function<Sig>> = true;
template <class F>
struct std_function_ptr;
template <class R, class... A>
struct std_function_ptr<std::function<R(A...)>> {
  using type = R (*)(A...);
};

}  // namespace detail

/// The type of a pointer to the twin, for context C, of a function of type
/// `*P` (the context slot first; `noexcept` dropped).
template <class C, class P>
using twin_fn_ptr = typename detail::fn_ptr_traits<P>::template twin<C>;

/// The address of function Orig, with its twin for context C registered
/// (written by the rewriter where a twin takes a function's address).
template <class C, auto Orig, auto TwinPtr>
[[gnu::always_inline]] inline auto twin_address() noexcept {
  static_cast<void>(&detail::twin_entry<C, Orig, TwinPtr>);
  return Orig;
}

namespace detail {

/// The twin of an indirect call's target, if it has one: `f` is a function
/// pointer or reference whose target registered a twin for C, or (for the
/// call `std::function::operator()`) a std::function holding such a pointer.
template <class C, class F>
auto find_indirect_twin(const F& f) {
  using D = std::remove_cvref_t<F>;
  if constexpr (!std::is_void_v<decayed_fn_ptr<F>>) {
    using P = decayed_fn_ptr<F>;
    return registered_twin<C, P>(static_cast<P>(f));
  } else if constexpr (is_std_function<D>) {
    using P = typename std_function_ptr<D>::type;
    const P* target = f.template target<P>();
    return target ? registered_twin<C, P>(*target) : nullptr;
  }
}

template <class F>
constexpr bool is_std_function_call() {
  if constexpr (requires { F::name(); }) return F::name() == std::string_view("std::function::operator()");
  else return false;
}

/// Whether a call with identity F whose first argument (the callable, or the
/// object of `operator()`) has type A0 looks for a registered twin.
template <class F, class... A>
inline constexpr bool reaches_twin_table = false;
template <class F, class A0, class... A>
inline constexpr bool reaches_twin_table<F, A0, A...> =
    (std::is_same_v<F, indirect> && !std::is_void_v<decayed_fn_ptr<A0>>) ||
    (is_std_function_call<F>() && is_std_function<std::remove_cvref_t<A0>>);

}  // namespace detail

}  // namespace cassette

// Calls through function pointers (and std::function objects holding one)
// reach the twin of their target when the target is a function of the tree:
// the lookup side, which every call protocol uses. The tables themselves,
// and the registration a twin makes where it takes a function's address,
// are rt/indirect.hpp, which a rewritten file includes only when it takes
// one: a table announces itself here (`twin_lookup<C, P>::find`) when its
// first entry is added, during static initialisation, so a file that only
// calls through pointers needs no container header.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <string_view>
#include <type_traits>
#include <utility>

#include "../callee.hpp"
#include "../tagging.hpp"
#include "base.hpp"
#include "registry.hpp"

namespace cassette::rt {

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

/// The table of twins for function pointers of type P under C, as lookups
/// see it: `find` is set by the table (rt/indirect.hpp) when a twin takes
/// the address of such a function; null while none has.
template <class C, class P>
struct twin_lookup {
  using twin_type = typename fn_ptr_traits<P>::template twin<C>;
  static inline twin_type (*find)(P) = nullptr;
};

/// The twin registered for function pointer f under C, or nullptr.
template <class C, class P>
typename twin_lookup<C, P>::twin_type registered_twin(P f) {
  auto* find = twin_lookup<C, P>::find;
  return find ? find(f) : nullptr;
}

// The object of a `std::function::operator()` call (the identity says it is
// one): its signature, without naming std::function (no <functional> here).
template <class F>
struct std_function_ptr {};
template <template <class> class Function, class R, class... A>
struct std_function_ptr<Function<R(A...)>> {
  using type = R (*)(A...);
};
template <class F>
inline constexpr bool is_std_function =
    requires(const F& f) { f.template target<typename std_function_ptr<F>::type>(); };

// A pointer to a non-static member function without `noexcept` (the key of
// a member table), the object its call binds (`X cv&`, `X cv&&` for an
// `&&`-qualified one), the type of a pointer to its twin for context C and
// to its virtual thunk (same qualifiers), and the invoker a table holds.
// Variadic ones: void (their twins are not registered).
template <class... A>
inline constexpr bool first_is_any_twin = false;
template <class... A>
inline constexpr bool first_is_any_twin<AnyTwin, A...> = true;

template <class P>
struct mem_fn_traits {
  using plain = void;
};
#define CASSETTE_MEM_FN_TRAITS(CV, REF, OBJ_REF)                                    \
  template <class R, class X, class... A>                                           \
  struct mem_fn_traits<R (X::*)(A...) CV REF> {                                     \
    using plain = R (X::*)(A...) CV REF;                                            \
    static constexpr bool is_thunk = first_is_any_twin<A...>;                       \
    using object = X CV OBJ_REF;                                                    \
    template <class C>                                                              \
    using twin = twin_value_t<C, R> (X::*)(Twin<C>, twin_value_t<C, A>...) CV REF;  \
    using thunk = R (X::*)(AnyTwin, A...) CV REF;                                   \
    template <class C>                                                              \
    using invoker = twin_value_t<C, R> (*)(Twin<C>, object, twin_value_t<C, A>...); \
  };                                                                                \
  template <class R, class X, class... A>                                           \
  struct mem_fn_traits<R (X::*)(A...) CV REF noexcept> : mem_fn_traits<R (X::*)(A...) CV REF> {};
#define CASSETTE_MEM_FN_TRAITS_CV(REF, OBJ_REF)  \
  CASSETTE_MEM_FN_TRAITS(, REF, OBJ_REF)         \
  CASSETTE_MEM_FN_TRAITS(const, REF, OBJ_REF)    \
  CASSETTE_MEM_FN_TRAITS(volatile, REF, OBJ_REF) \
  CASSETTE_MEM_FN_TRAITS(const volatile, REF, OBJ_REF)
CASSETTE_MEM_FN_TRAITS_CV(, &)
CASSETTE_MEM_FN_TRAITS_CV(&, &)
CASSETTE_MEM_FN_TRAITS_CV(&&, &&)
#undef CASSETTE_MEM_FN_TRAITS_CV
#undef CASSETTE_MEM_FN_TRAITS

template <class PM>
using plain_mem_fn_ptr = typename mem_fn_traits<std::remove_cvref_t<PM>>::plain;

/// The member table for pointers of type P under C, as lookups see it
/// (`find` set by rt/indirect.hpp's table when its first entry is added).
template <class C, class P>
struct member_twin_lookup {
  using invoker_type = typename mem_fn_traits<P>::template invoker<C>;
  static inline invoker_type (*find)(P) = nullptr;
};

/// The invoker registered for member pointer pm under C, or nullptr.
template <class C, class P>
typename member_twin_lookup<C, P>::invoker_type registered_member_twin(P pm) {
  auto* find = member_twin_lookup<C, P>::find;
  return find ? find(pm) : nullptr;
}

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

/// The object argument of a member-pointer call as the registered invoker
/// for pointer type P binds it: an rvalue for an `&&`-qualified member.
template <class P, class Obj>
using member_object_arg =
    std::conditional_t<std::is_rvalue_reference_v<typename mem_fn_traits<P>::object>, Obj&&, Obj&>;

template <class F>
constexpr bool is_std_function_call() {
  if constexpr (requires { F::name(); }) return F::name() == std::string_view("std::function::operator()");
  else return false;
}

/// Whether a call with identity F may look for a registered twin at all (a
/// call through a pointer or a std::function, or through a member pointer).
/// Asked of F alone, before the questions below, so that a direct call (most
/// sites) asks nothing of its own argument types.
template <class F>
inline constexpr bool may_reach_table =
    std::is_same_v<F, indirect> || std::is_same_v<F, member_pointer> || is_std_function_call<F>();

/// Whether a call with identity F whose first argument (the callable, or the
/// object of `operator()`) has type A0 looks for a registered twin.
template <class F, class... A>
inline constexpr bool reaches_twin_table = false;
template <class F, class A0, class... A>
inline constexpr bool reaches_twin_table<F, A0, A...> =
    (std::is_same_v<F, indirect> && !std::is_void_v<decayed_fn_ptr<A0>>) ||
    (is_std_function_call<F>() && is_std_function<std::remove_cvref_t<A0>>);

/// Whether a call with identity F and arguments (object, member pointer,
/// arguments...) looks for a registered member twin.
template <class F, class... A>
inline constexpr bool reaches_member_table = false;
template <class F, class Obj, class PM, class... A>
inline constexpr bool reaches_member_table<F, Obj, PM, A...> =
    std::is_same_v<F, member_pointer> && !std::is_void_v<plain_mem_fn_ptr<PM>>;

}  // namespace detail

}  // namespace cassette::rt
#pragma GCC visibility pop

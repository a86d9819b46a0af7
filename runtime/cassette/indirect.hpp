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
//
// Pointers to non-static member functions work the same way, in a table of
// their own (`&C::f` registers the twin of C::f, or for a virtual f its
// virtual thunk, which dispatches on the object's dynamic type); a call
// `(o.*pm)(a...)` (`cassette::member_pointer`) looks pm up there.
#pragma once

#include <functional>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "callee.hpp"
#include "context.hpp"
#include "registry.hpp"
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
#define CASSETTE_MEM_FN_TRAITS(CV, REF, OBJ_REF)                                                \
  template <class R, class X, class... A>                                                       \
  struct mem_fn_traits<R (X::*)(A...) CV REF> {                                                 \
    using plain = R (X::*)(A...) CV REF;                                                        \
    static constexpr bool is_thunk = first_is_any_twin<A...>;                                   \
    using object = X CV OBJ_REF;                                                                \
    template <class C>                                                                          \
    using twin = twin_value_t<C, R> (X::*)(Twin<C>, twin_value_t<C, A>...) CV REF;              \
    using thunk = R (X::*)(AnyTwin, A...) CV REF;                                               \
    template <class C>                                                                          \
    using invoker = twin_value_t<C, R> (*)(Twin<C>, object, twin_value_t<C, A>...);             \
  };                                                                                            \
  template <class R, class X, class... A>                                                       \
  struct mem_fn_traits<R (X::*)(A...) CV REF noexcept> : mem_fn_traits<R (X::*)(A...) CV REF> {};
#define CASSETTE_MEM_FN_TRAITS_CV(REF, OBJ_REF)          \
  CASSETTE_MEM_FN_TRAITS(, REF, OBJ_REF)                 \
  CASSETTE_MEM_FN_TRAITS(const, REF, OBJ_REF)            \
  CASSETTE_MEM_FN_TRAITS(volatile, REF, OBJ_REF)         \
  CASSETTE_MEM_FN_TRAITS(const volatile, REF, OBJ_REF)
CASSETTE_MEM_FN_TRAITS_CV(, &)
CASSETTE_MEM_FN_TRAITS_CV(&, &)
CASSETTE_MEM_FN_TRAITS_CV(&&, &&)
#undef CASSETTE_MEM_FN_TRAITS_CV
#undef CASSETTE_MEM_FN_TRAITS

template <class PM>
using plain_mem_fn_ptr = typename mem_fn_traits<std::remove_cvref_t<PM>>::plain;

// Calls Target (the twin, or the virtual thunk) on the object: what a member
// table holds for one registered member function. Target may be a member of
// a base of P's class (`&Base::f` converted to a `Derived::*` key).
template <class C, class P, auto Target, class Inv = typename mem_fn_traits<P>::template invoker<C>>
struct member_invoker;
template <class C, class P, auto Target, class R, class Obj, class... A>
struct member_invoker<C, P, Target, R (*)(Twin<C>, Obj, A...)> {
  static R invoke(Twin<C> t, Obj o, A... a) {
    // A thunk takes the original's (plain) parameters and the erased slot.
    if constexpr (mem_fn_traits<decltype(Target)>::is_thunk)
      return (static_cast<Obj>(o).*Target)(erase(t), untag(static_cast<A&&>(a))...);
    else
      return (static_cast<Obj>(o).*Target)(t, static_cast<A&&>(a)...);
  }
};

// Member pointers compare equal but do not hash: a short list, searched.
template <class C, class P>
struct member_twin_table {
  using invoker_type = typename mem_fn_traits<P>::template invoker<C>;
  static std::vector<std::pair<P, invoker_type>>& entries() {
    static std::vector<std::pair<P, invoker_type>> list;
    return list;
  }
};

template <class C, auto Orig, auto Target>
inline const bool member_twin_entry = [] {
  using P = typename mem_fn_traits<decltype(Orig)>::plain;
  auto& list = member_twin_table<C, P>::entries();
  const P key = static_cast<P>(Orig);
  for (const auto& entry : list)
    if (entry.first == key) return true;
  list.emplace_back(key, &member_invoker<C, P, Target>::invoke);
  return true;
}();

/// The invoker registered for member pointer pm under C, or nullptr.
template <class C, class P>
typename member_twin_table<C, P>::invoker_type registered_member_twin(P pm) {
  for (const auto& entry : member_twin_table<C, P>::entries())
    if (entry.first == pm) return entry.second;
  return nullptr;
}

}  // namespace detail

/// The type of a pointer to the twin, for context C, of a function of type
/// `*P` (the context slot first; `noexcept` dropped).
template <class C, class P>
using twin_fn_ptr = typename detail::fn_ptr_traits<P>::template twin<C>;

/// The same for a pointer P to a non-static member function: a pointer to
/// the member twin, its qualifiers kept.
template <class C, class P>
using twin_member_ptr = typename detail::mem_fn_traits<P>::template twin<C>;
/// A pointer to the virtual thunk of a member function of type P.
template <class P>
using thunk_member_ptr = typename detail::mem_fn_traits<P>::thunk;

/// The address of function Orig, with its twin for context C registered
/// (written by the rewriter where a twin takes a function's address). For a
/// pointer to a member function, TwinPtr is its twin (twin_member_ptr) or,
/// for a virtual one, its virtual thunk (thunk_member_ptr).
template <class C, auto Orig, auto TwinPtr>
[[gnu::always_inline]] inline auto twin_address() noexcept {
  if constexpr (std::is_member_function_pointer_v<decltype(Orig)>)
    static_cast<void>(&detail::member_twin_entry<C, Orig, TwinPtr>);
  else
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

}  // namespace cassette

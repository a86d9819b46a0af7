// Calls through function pointers (and std::function objects holding one)
// reach the twin of their target when the target is a function of the tree:
// the tables, and the registration. A rewritten file includes this header
// only when one of its twins takes a function's address; the lookup side is
// rt/indirect_calls.hpp.
//
// Where a twin takes the address of a function of the tree (`&f`, `f`
// decaying to a pointer, `f` passed to a std::function or a callback), the
// rewriter writes `cassette::rt::twin_address<Ctx, &f, &cassette_twin_f>()`:
// its value is the plain `&f` (so the pointer can go anywhere, including code
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
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstdint>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base.hpp"
#include "indirect_calls.hpp"
#include "registry.hpp"

namespace cassette::rt {

namespace detail {

// One kind of map for every signature: the addresses as integers, the twins
// as `void (*)()` (the function pointer type every other converts to and
// back). A map per signature instantiated std::unordered_map's machinery for
// each, a tenth of the function instantiations of a rewritten unit that
// takes addresses.
using erased_fn = void (*)();
using address_map = std::unordered_map<std::uintptr_t, erased_fn>;

// The table of context C and signature P.
template <class C, class P>
struct twin_table {
  using twin_type = typename fn_ptr_traits<P>::template twin<C>;
  // Never destroyed: a static destructor may call through a function pointer.
  static address_map& entries() {
    static auto* map = new address_map;
    return *map;
  }
  static std::uintptr_t key(P f) { return reinterpret_cast<std::uintptr_t>(f); }
  static twin_type find(P f) {
    const address_map& map = entries();
    auto it = map.find(key(f));
    return it == map.end() ? nullptr : reinterpret_cast<twin_type>(it->second);
  }
};

template <class C, auto Orig, auto TwinPtr>
inline const bool twin_entry = [] {
  using P = typename fn_ptr_traits<decltype(Orig)>::plain;
  using table = twin_table<C, P>;
  table::entries().emplace(table::key(static_cast<P>(Orig)),
                           reinterpret_cast<erased_fn>(static_cast<typename table::twin_type>(TwinPtr)));
  twin_lookup<C, P>::find = &table::find;
  return true;
}();

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
    else return (static_cast<Obj>(o).*Target)(t, static_cast<A&&>(a)...);
  }
};

// Member pointers compare equal but do not hash: a short list, searched.
template <class C, class P>
struct member_twin_table {
  using invoker_type = typename mem_fn_traits<P>::template invoker<C>;
  // Never destroyed: a static destructor may call through a member pointer.
  static std::vector<std::pair<P, invoker_type>>& entries() {
    static auto* list = new std::vector<std::pair<P, invoker_type>>;
    return *list;
  }
  static invoker_type find(P pm) {
    for (const auto& entry : entries())
      if (entry.first == pm) return entry.second;
    return nullptr;
  }
};

template <class C, auto Orig, auto Target>
inline const bool member_twin_entry = [] {
  using P = typename mem_fn_traits<decltype(Orig)>::plain;
  auto& list = member_twin_table<C, P>::entries();
  member_twin_lookup<C, P>::find = &member_twin_table<C, P>::find;
  const P key = static_cast<P>(Orig);
  for (const auto& entry : list)
    if (entry.first == key) return true;
  list.emplace_back(key, &member_invoker<C, P, Target>::invoke);
  return true;
}();

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
  else static_cast<void>(&detail::twin_entry<C, Orig, TwinPtr>);
  return Orig;
}

}  // namespace cassette::rt
#pragma GCC visibility pop

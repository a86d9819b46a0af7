// The tagging runtime: what the rewriter puts around twins' loads, stores,
// initialisations, conversions and returns under --tagging (`load`,
// `assign`, `init`, `convert`, `returning`, `adopt`, ...), and the call
// protocol's half for tagging contexts (`tagged_primitive`, the rules that
// decompose `x += y`). Files rewritten with --tagging include it; others
// never parse it or the shadow store (rt/shadow.hpp). The user's half
// (`Tagged`, `tag`, `untag`, `metadata`, `metadatatype`, ...) is
// <cassette/tagging.hpp>. See docs/tagging.md.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../context.hpp"
#include "../ops.hpp"
#include "../tagging.hpp"
#include "base.hpp"
#include "shadow.hpp"

namespace cassette::rt {

/// The value as a variable of type D holds it, for an assignment in a
/// template to a variable of a dependent type: plain where D is a plain type
/// (what a dependent call returns may be a twin's tagged value), as is where
/// D is itself a tagged type (a template deduced from a tagged argument).
template <class D, class V>
constexpr decltype(auto) held_as(V&& v) {
  if constexpr (is_tagged_v<std::remove_cvref_t<D>>) return std::forward<V>(v);
  else return untag(std::forward<V>(v));
}

// ---------------------------------------------------------------------------
// Loads and stores of memory, put by the rewriter around twins' accesses to
// values that live in memory (`--tagging`). For contexts without tagging
// they are the plain access.

// Under a nested context (nested<C, O>) memory holds the enclosing context's
// metadata in O's store and C's in C's: a load asks O first and wraps what it
// gets, a store gives each context its part.

namespace detail {
// C's store for memory of type T holding values whose primal type (what they
// are before C's tag) is P.
template <class C, class T, class P = T>
using store_t =
    shadow_store<C, std::remove_cv_t<T>, metadata_t<C, P>, Tagged<C, P>::flagged, metadata_checks_memory_v<C, P>>;

// Whole objects' metadata (object_metadatatype): a store per (C, class type
// T) whose slots stand one per alignof(T) bytes, so that each object of T
// has one of its own and a member object at its address (another type) has
// another store. Unchecked: the object's fields change under its metadata.
// Registered with C's other stores, it follows what they follow: the copies
// twins make (copy_shadow), dead locals and freed memory.
template <class T>
struct alignas(alignof(T)) object_granule {
  unsigned char bytes[alignof(T)];
};
template <class C, class T>
using object_store_t = shadow_store<C, object_granule<std::remove_cv_t<T>>, object_metadata_t<C, T>,
                                    !object_metadata_default_means_none_v<C, T>, false>;

// `out` takes the metadata C's store holds for place, which holds `current`.
template <class C, class T, class P>
CASSETTE_INLINE void read_shadow(const T& place, const std::remove_cv_t<T>& current, Tagged<C, P>& out) {
  using S = store_t<C, T, P>;
  if constexpr (Tagged<C, P>::flagged) {
    if (const auto* m = S::find(&place, current)) out.set_metadata(*m);
  } else {
    out.meta = S::find_or_none(&place, current);
  }
}
// Records v's metadata for place, which now holds `stored`, or clears it.
template <class C, class T, class P>
CASSETTE_INLINE void write_shadow(T& place, const std::remove_cv_t<T>& stored, const Tagged<C, P>& v) {
  using S = store_t<C, T, P>;
  auto* at = const_cast<std::remove_cv_t<T>*>(&place);
  if (v.has_metadata()) S::set(at, stored, v.meta);
  else S::clear(at);
}
}  // namespace detail

template <class C, class R>
CASSETTE_INLINE decltype(auto) load(Twin<C> t, R&& place) {
  using T = std::remove_reference_t<R>;
  using V = std::remove_cv_t<T>;
  if constexpr (is_tagged_v<V>) {
    return static_cast<R&&>(place);  // a value, not memory the store tracks
  } else if constexpr (detail::is_nested_v<C>) {
    using P = detail::primal_t<C, V>;
    if constexpr (!can_carry_metadata_v<C, P> || std::is_volatile_v<T>) {
      return load(t.context().outer, static_cast<R&&>(place));
    } else {
      Tagged<C, P> out(static_cast<P>(load(t.context().outer, place)));
      detail::read_shadow(place, place, out);
      return out;
    }
  } else if constexpr (!can_carry_metadata_v<C, V> || std::is_volatile_v<T>) {
    return static_cast<R&&>(place);
  } else {
    V current = place;
    Tagged<C, V> out(current);
    detail::read_shadow(place, current, out);
    return out;
  }
}

namespace detail {
// Stops the program rather than read another window's slots (the check leaves
// the loop, so the compiler tests it once before the loop).
[[noreturn, gnu::cold, gnu::noinline]] inline void array_beyond_window(std::size_t size, std::size_t most) {
  std::fprintf(stderr,
               "cassette: an array of %zu elements read by a twin is longer than the shadow store serves (%zu "
               "elements; docs/tagging.md, Elements)\n",
               size, most);
  std::abort();
}
}  // namespace detail

/// `a[i]` read from a twin, where `place` is a[i] and `a` a std::vector or
/// std::array (anything with contiguous data() and size()): the same as
/// `load`, with the slot found from a.data()'s, which a loop computes once
/// (shadow_store::find_element).
template <class C, class R, class Array>
CASSETTE_INLINE decltype(auto) load_element(Twin<C> t, R&& place, const Array& a) {
  using T = std::remove_reference_t<R>;
  using V = std::remove_cv_t<T>;
  if constexpr (is_tagged_v<V> || detail::is_nested_v<C> || !can_carry_metadata_v<C, V> || std::is_volatile_v<T> ||
                !std::is_same_v<std::remove_cv_t<std::remove_pointer_t<decltype(a.data())>>, V>) {
    return load(t, static_cast<R&&>(place));
  } else {
    using S = detail::store_t<C, T, V>;
    if (a.size() > S::MaxElements) [[unlikely]]
      detail::array_beyond_window(a.size(), S::MaxElements);
    V current = place;
    Tagged<C, V> out(current);
    if constexpr (Tagged<C, V>::flagged) {
      if (const auto* m = S::find_element(a.data(), &place, current)) out.set_metadata(*m);
    } else {
      out.meta = S::find_element_or_none(a.data(), &place, current);
    }
    return out;
  }
}

/// `place = value`: records value's metadata for place, or clears it.
template <class C, class T, class V>
CASSETTE_INLINE T& assign(Twin<C> t, T& place, V&& value) {
  if constexpr (detail::is_nested_v<C>) {
    using P = detail::primal_t<C, T>;
    if constexpr (!can_carry_metadata_v<C, P>) {
      assign(t.context().outer, place, std::forward<V>(value));
    } else {
      Tagged<C, P> v(value);
      assign(t.context().outer, place, v.value);
      detail::write_shadow(place, place, v);
    }
  } else if constexpr (!can_carry_metadata_v<C, T>) {
    place = std::forward<V>(value);
  } else if constexpr (istaggedtype_v<std::remove_cvref_t<V>, C>) {
    Tagged<C, T> v(value);
    place = v.value;
    detail::write_shadow(place, v.value, v);
  } else {
    place = static_cast<T>(untag(value));
    detail::store_t<C, T>::clear(&place);
  }
  return place;
}

/// The initialiser of a variable that lives in memory: `T x = init(ctx, x, e);`
/// records e's metadata for x and yields e's plain value.
template <class C, class T, class V>
CASSETTE_INLINE std::remove_cv_t<T> init(Twin<C> t, T& place, V&& value) {
  using P = std::remove_cv_t<T>;
  if constexpr (detail::is_nested_v<C>) {
    using Q = detail::primal_t<C, P>;
    if constexpr (!can_carry_metadata_v<C, Q>) {
      return init(t.context().outer, place, std::forward<V>(value));
    } else {
      Tagged<C, Q> v(value);
      P plain = init(t.context().outer, place, v.value);
      detail::write_shadow(place, plain, v);
      return plain;
    }
  } else if constexpr (!can_carry_metadata_v<C, P>) {
    return static_cast<P>(std::forward<V>(value));
  } else {
    Tagged<C, P> v(value);
    detail::write_shadow(place, v.value, v);
    return v.value;
  }
}

// Objects that move after construction. A twin constructor builds its object
// where the call protocol puts it, and a trivially copyable class comes back
// in registers and is copied into the declared variable; the metadata the
// constructor recorded is moved along by `adopt` after the declaration.
namespace detail {
// C's stores and those of the contexts C runs within.
template <class C>
void copy_shadow(Twin<C> t, void* to, const void* from, std::size_t bytes) {
  shadow_registry<C>::copy(to, from, bytes);
  if constexpr (is_nested_v<C>) copy_shadow(t.context().outer, to, from, bytes);
}
struct construction_record {
  const void* object = nullptr;
  const void* type = nullptr;
};
inline thread_local construction_record last_constructed;
template <class T>
inline constexpr char type_key = 0;
template <class C, class T>
struct constructed_guard {
  T* self;
  ~constructed_guard() { last_constructed = {self, &type_key<T>}; }
};
struct no_guard {};
}  // namespace detail

/// Opens a twin constructor's body: records the object when it is built.
template <class C, class T>
CASSETTE_INLINE auto constructed(Twin<C>, T* self) {
  if constexpr (hastagging_v<C>) return detail::constructed_guard<C, T>{self};
  else return detail::no_guard{};
}

/// After `T x(...)` constructed by a twin constructor, or `T x = f(...)` whose
/// twin returned an object it named: the metadata recorded for that object
/// now belongs to x.
template <class C, class T>
CASSETTE_INLINE void adopt(Twin<C> t, T& object) {
  if constexpr (hastagging_v<C>) {
    auto& rec = detail::last_constructed;
    void* to = const_cast<std::remove_cv_t<T>*>(&object);  // a const object's metadata is in the store
    if (rec.type == &detail::type_key<std::remove_cv_t<T>> && rec.object != to)
      detail::copy_shadow(t, to, rec.object, sizeof(T));
    rec = {};
  }
}

// By-value object parameters. A trivially copyable object given to a twin's
// by-value parameter is copied by the compiler, in registers for a small one:
// the twin's call says where it copies it from (`passing`, in the twin
// invoker, the last thing before the twin runs), and the twin's body opens
// with `received` for each such parameter, which takes that object's fields'
// metadata. A parameter given by code outside twins finds no record.
namespace detail {
struct passed_record {
  const void* from = nullptr;
  const void* type = nullptr;
};
inline constexpr std::size_t passed_slots = 8;
inline thread_local passed_record passed[passed_slots];
}  // namespace detail

template <std::size_t I, class C, class T>
CASSETTE_INLINE T&& passing(Twin<C>, T&& object) {
  if constexpr (hastagging_v<C> && I < detail::passed_slots)
    detail::passed[I] = {&object, &detail::type_key<std::remove_cvref_t<T>>};
  return static_cast<T&&>(object);
}

template <std::size_t I, class C, class T>
CASSETTE_INLINE void received(Twin<C> t, T& parameter) {
  if constexpr (hastagging_v<C> && I < detail::passed_slots) {
    static_assert(std::is_trivially_copyable_v<T>);
    detail::passed_record& rec = detail::passed[I];
    if (rec.type == &detail::type_key<std::remove_cv_t<T>> && rec.from != &parameter)
      detail::copy_shadow(t, const_cast<std::remove_cv_t<T>*>(&parameter), rec.from, sizeof(T));
    rec = {};
  }
}

/// The elements of a braced list that builds a sequence container in a twin
/// (`std::vector<double>{a, b}`), held with their metadata until `build`.
/// A braced list evaluates its elements in order, as the original did.
/// The lists of a sequence of sequences start with `cassette::rt::nested`:
/// `listed{listed{x}}` would deduce the copy of the inner list.
struct nested_t {};
inline constexpr nested_t nested{};
template <class... E>
struct listed {
  std::tuple<E...> elements;
  listed(E... e) : elements(std::move(e)...) {}
  listed(nested_t, E... e) : elements(std::move(e)...) {}
};
template <class... E>
listed(E...) -> listed<E...>;
template <class... E>
listed(nested_t, E...) -> listed<E...>;

namespace detail {
template <class T>
inline constexpr bool is_listed = false;
template <class... E>
inline constexpr bool is_listed<listed<E...>> = true;
}  // namespace detail

/// `V{a, b}` built from the plain values, and each element given the
/// metadata of the list element it came from: the container's constructor is
/// a primitive, so nothing else records it. Elements of a vector, deque or
/// list keep their addresses when the container is moved to its variable.
/// A sequence of sequences (`{{a, b}, {c}}`, each inner list a `listed`)
/// builds each inner one so, then moves them in: an initializer_list would
/// copy them, into storage whose metadata nobody recorded.
template <class V, class C, class... E>
V build(Twin<C> t, listed<E...>&& list) {
  using Element = typename V::value_type;
  if constexpr ((detail::is_listed<E> && ...)) {
    return std::apply(
        [&](E&... e) {
          Element parts[] = {build<Element>(t, std::move(e))...};
          return V(std::make_move_iterator(std::begin(parts)), std::make_move_iterator(std::end(parts)));
        },
        list.elements);
  } else {
    return std::apply(
        [&](E&... e) {
          V v{static_cast<Element>(untag(e))...};
          if constexpr (hastagging_v<C>) {
            auto at = v.begin();
            ((assign(t, *at, e), ++at), ...);
          }
          return v;
        },
        list.elements);
  }
}

namespace detail {
// Where `returning` keeps a returned object and its metadata for the caller's
// `adopt`: the object may be a local of the returning twin, whose shadow is
// cleared when its lifetime ends (cleared_at_exit), before the caller adopts.
class return_park {
 public:
  static constexpr std::align_val_t Alignment{64};
  void* hold(std::size_t bytes) {
    if (bytes > capacity_) {
      if (data_) ::operator delete(data_, Alignment);
      data_ = ::operator new(bytes, Alignment);
      capacity_ = bytes;
    }
    return data_;
  }
  ~return_park() {
    if (data_) ::operator delete(data_, Alignment);
  }

 private:
  void* data_ = nullptr;
  std::size_t capacity_ = 0;
};
inline thread_local return_park parked_return;
}  // namespace detail

/// `return x;` of a trivially copyable object in a twin: the object comes
/// back in registers, and the caller's `adopt` takes its fields' metadata
/// from a copy of x parked for it (x may be a local, cleared on return).
template <class C, class T>
CASSETTE_INLINE const T& returning(Twin<C> t, const T& object) {
  if constexpr (hastagging_v<C>) {
    static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= 64);
    void* park = detail::parked_return.hold(sizeof(T));
    std::memcpy(park, &object, sizeof(T));  // a copy's metadata is checked against its values
    detail::copy_shadow(t, park, &object, sizeof(T));
    detail::last_constructed = {park, &detail::type_key<std::remove_cv_t<T>>};
  }
  return object;
}
/// `return e;` of a value the twin did not name: nothing for the caller to adopt.
template <class C, class T>
CASSETTE_INLINE std::remove_cvref_t<T> unrecorded(Twin<C>, T&& value) {
  if constexpr (hastagging_v<C>) detail::last_constructed = {};
  return static_cast<T&&>(value);
}

/// After `T x = y;` (a trivial copy): x's fields carry y's metadata.
template <class C, class T>
CASSETTE_INLINE void copied(Twin<C> t, T& to, const T& from) {
  if constexpr (hastagging_v<C>) {
    void* dst = const_cast<std::remove_cv_t<T>*>(&to);
    if (dst != &from) detail::copy_shadow(t, dst, &from, sizeof(T));
  }
}

namespace detail {
template <class T>
inline constexpr bool is_std_pair = false;
template <class A, class B>
inline constexpr bool is_std_pair<std::pair<A, B>> = true;
template <class T>
inline constexpr bool is_std_tuple = false;
template <class... E>
inline constexpr bool is_std_tuple<std::tuple<E...>> = true;
template <class T>
inline constexpr bool is_std_optional = false;
template <class T>
inline constexpr bool is_std_optional<std::optional<T>> = true;
template <class T, class V>
inline constexpr bool is_sole_alternative = false;
template <class T, class... E>
inline constexpr bool is_sole_alternative<T, std::variant<E...>> = (std::is_same_v<T, E> + ...) == 1;

// One element of a library wrapper takes what the argument it was made from
// carries: a number's metadata (or none), a class's fields' metadata. Only
// where the element has the argument's very type: a conversion made inside
// the wrapper's constructor is not retraced.
template <class C, class E, class A>
CASSETTE_INLINE void element_from(Twin<C> t, E& element, const A& arg) {
  using P = std::remove_cv_t<E>;
  if constexpr (std::is_arithmetic_v<P> && std::is_same_v<untagtype_t<A>, P>) {
    if constexpr (can_carry_metadata_v<C, P>) assign(t, const_cast<P&>(element), arg);
  } else if constexpr (std::is_class_v<P> && std::is_same_v<std::remove_cv_t<A>, P> &&
                       std::is_trivially_copyable_v<P>) {
    copied(t, const_cast<P&>(element), arg);
  }
}
}  // namespace detail

/// After `std::pair<A, B> p{a, b};` (or a tuple, an optional, a variant)
/// built in a twin from names and literals: the wrapper's constructor is a
/// primitive, so each element takes the metadata of the argument it was
/// made from here (`p.first` a's, `*o` b's fields').
template <class C, class W, class... A>
CASSETTE_INLINE void wrapped(Twin<C> t, W& w, const A&... a) {
  if constexpr (hastagging_v<C>) {
    using V = std::remove_cv_t<W>;
    if constexpr (detail::is_std_pair<V> && sizeof...(A) == 2) {
      [&](const auto& first, const auto& second) {
        detail::element_from(t, w.first, first);
        detail::element_from(t, w.second, second);
      }(a...);
    } else if constexpr (detail::is_std_tuple<V>) {
      if constexpr (sizeof...(A) == std::tuple_size_v<V>)
        [&]<std::size_t... I>(std::index_sequence<I...>) {
          (detail::element_from(t, std::get<I>(w), a), ...);
        }(std::index_sequence_for<A...>{});
    } else if constexpr (detail::is_std_optional<V>) {
      if constexpr (sizeof...(A) == 1)
        if (w) (detail::element_from(t, *w, a), ...);
    } else if constexpr (sizeof...(A) == 1) {
      [&](const auto& only) {
        using T = untagtype_t<decltype(only)>;
        if constexpr (detail::is_sole_alternative<T, V>)
          if (auto* held = std::get_if<T>(&w)) detail::element_from(t, *held, only);
      }(a...);
    }
  }
}

// A twin's local that lives in memory (an array, a class object, a number
// whose address escapes) loses its metadata when its lifetime ends, so the
// stack a later call reuses holds none: an unchecked load would take it for
// the metadata of whatever a primitive writes there (docs/tagging.md,
// Lifetime).
namespace detail {
template <class C, class T>
CASSETTE_INLINE void clear_dead(const T* object) {
  using V = std::remove_cv_t<T>;
  if constexpr (std::is_arithmetic_v<V> && !is_nested_v<C>) {
    if constexpr (can_carry_metadata_v<C, V>) store_t<C, V>::clear(const_cast<V*>(object));
  } else {
    freed_memory::clear_now(object, sizeof(T));  // every store: fields of any type
  }
}
template <class C, class T>
struct clear_at_exit {
  const T* object;
  explicit clear_at_exit(const T* o) : object(o) {}
  clear_at_exit(const clear_at_exit&) = delete;
  clear_at_exit& operator=(const clear_at_exit&) = delete;
  ~clear_at_exit() { clear_dead<C>(object); }
};
}  // namespace detail

/// Declared right after a twin's local in memory: `[[maybe_unused]] auto
/// cassette_cleared_x_ = cassette::cleared_at_exit(ctx, x);`. Nothing under
/// a context without tagging.
template <class C, class T>
CASSETTE_INLINE auto cleared_at_exit(Twin<C>, T& object) {
  if constexpr (hastagging_v<C>) return detail::clear_at_exit<C, T>{&object};
  else return detail::no_guard{};
}

// A temporary aggregate whose elements carry metadata (`B{x, 1, 2}.x`,
// `g(B{x, y})` for a reference parameter): under a tagging context it is
// built in a home that lives as long as the temporary would, to the end of
// the full expression, so its fields can record their elements' metadata
// as a declared object's do:
//   temporary<B>(ctx).make([&](B& t) -> B { return B{init(ctx, t.x, x), ...}; })
// `make` yields the object as an xvalue, and the home clears its metadata
// and destroys it when it dies. Without tagging `make` yields the prvalue,
// so the code is the original's.
namespace detail {
template <class C, class T>
class temporary_home {
 public:
  temporary_home() = default;
  temporary_home(const temporary_home&) = delete;
  temporary_home& operator=(const temporary_home&) = delete;
  template <class Make>
  CASSETTE_INLINE decltype(auto) make(Make&& m) {
    // The fields' addresses, for their metadata; the object is made there.
    T& place = *reinterpret_cast<T*>(storage_);
    if constexpr (hastagging_v<C>) {
      made_ = ::new (static_cast<void*>(storage_)) T(static_cast<Make&&>(m)(place));
      return static_cast<T&&>(*made_);
    } else {
      return static_cast<Make&&>(m)(place);
    }
  }
  ~temporary_home() {
    if (!made_) return;
    clear_dead<C>(made_);
    made_->~T();
  }

 private:
  alignas(T) unsigned char storage_[sizeof(T)];
  T* made_ = nullptr;
};
}  // namespace detail

template <class T, class C>
CASSETTE_INLINE detail::temporary_home<C, T> temporary(Twin<C>) {
  return {};
}

// std::vector under a tagging context: a primitive that receives a vector
// may reallocate it (push_back, insert, resize, reserve, ...): the elements'
// metadata moves with them; and `push_back(x)` / `emplace_back(x)` of a
// tagged x records its metadata for the new element.
namespace detail {
template <class T>
inline constexpr bool is_std_vector = false;
template <class T, class A>
inline constexpr bool is_std_vector<std::vector<T, A>> = true;

template <class C, class V>
struct vector_watch {
  using T = typename V::value_type;
  using Meta = metadata_t<C, primal_t<C, T>>;
  V& v;
  const T* old_data = v.data();
  std::size_t old_size = v.size();
  bool appended = false;
  Meta meta{};
  // The old buffer keeps its metadata until it has been copied.
  freed_memory::deferral keep_old{old_data};
  ~vector_watch() {
    if (v.data() != old_data && old_data && old_size)
      shadow_registry<C>::copy(v.data(), old_data, (old_size < v.size() ? old_size : v.size()) * sizeof(T));
    if (appended && v.size() == old_size + 1) detail::store_t<C, T, primal_t<C, T>>::set(&v.back(), v.back(), meta);
  }
};

// The same for a vector of objects: what its elements carry (their fields'
// metadata, their own) moves with them, and `push_back(x)` / `emplace_back(x)`
// of an object x in memory copies x's to the new element.
template <class C, class V>
struct object_vector_watch {
  using T = typename V::value_type;
  V& v;
  const T* old_data = v.data();
  std::size_t old_size = v.size();
  const T* appended_from = nullptr;
  freed_memory::deferral keep_old{old_data};
  ~object_vector_watch() {
    if (v.data() != old_data && old_data && old_size)
      shadow_registry<C>::copy(v.data(), old_data, (old_size < v.size() ? old_size : v.size()) * sizeof(T));
    if (appended_from && v.size() == old_size + 1 && &v.back() != appended_from)
      shadow_registry<C>::copy(&v.back(), appended_from, sizeof(T));
  }
};

// `q = p` on a trivially copyable class (its implicit or defaulted
// assignment, a primitive): q's fields take p's metadata.
template <class F, class... A>
inline constexpr bool whole_object_assignment = false;
template <class F, class To, class From>
inline constexpr bool whole_object_assignment<F, To, From> =
    std::is_lvalue_reference_v<To> && !std::is_const_v<std::remove_reference_t<To>> &&
    std::is_class_v<std::remove_cvref_t<To>> && std::is_trivially_copyable_v<std::remove_cvref_t<To>> &&
    std::is_reference_v<From> && std::is_same_v<std::remove_cvref_t<To>, std::remove_cvref_t<From>> &&
    F::name().ends_with("::operator=");
}  // namespace detail

/// A primitive under a tagging context: `orig` runs on arguments untagged of
/// C's tags (for a nested context `orig` is the call under the enclosing one).
template <class C, class F, class Orig, class First, class... Rest>
CASSETTE_INLINE decltype(auto) tagged_primitive(Twin<C> t, const F&, Orig& orig, First&& first, Rest&&... rest) {
  using V = std::remove_cvref_t<First>;
  C& c = t.context();
  if constexpr (detail::is_std_vector<V> && std::is_lvalue_reference_v<First> &&
                !std::is_const_v<std::remove_reference_t<First>>) {
    using P = detail::primal_t<C, typename V::value_type>;
    if constexpr (can_carry_metadata_v<C, P>) {
      detail::vector_watch<C, V> watch{first};
      if constexpr (sizeof...(Rest) == 1 &&
                    (F::name() == "std::vector::push_back" || F::name() == "std::vector::emplace_back")) {
        // An lvalue argument is a variable in memory: its metadata is in the store.
        Tagged<C, P> x = [&]() -> Tagged<C, P> {
          if constexpr ((std::is_lvalue_reference_v<Rest> && ...)) return Tagged<C, P>(load(t, rest...));
          else return Tagged<C, P>(rest...);
        }();
        watch.appended = x.has_metadata();
        watch.meta = x.meta;
      }
      return orig(first, untag(static_cast<Rest&&>(rest), c)...);
    } else if constexpr (std::is_class_v<typename V::value_type> &&
                         std::is_trivially_copyable_v<typename V::value_type>) {
      detail::object_vector_watch<C, V> watch{first};
      if constexpr (sizeof...(Rest) == 1 &&
                    (F::name() == "std::vector::push_back" || F::name() == "std::vector::emplace_back")) {
        if constexpr (((std::is_lvalue_reference_v<Rest> &&
                        std::is_same_v<std::remove_cvref_t<Rest>, typename V::value_type>) &&
                       ...))
          watch.appended_from = &(rest, ...);
      }
      return orig(first, untag(static_cast<Rest&&>(rest), c)...);
    } else {
      return orig(first, untag(static_cast<Rest&&>(rest), c)...);
    }
  } else if constexpr (detail::whole_object_assignment<F, First, Rest...>) {
    const auto& from = (rest, ...);
    decltype(auto) result = orig(first, static_cast<Rest&&>(rest)...);
    if (static_cast<const void*>(&first) != static_cast<const void*>(&from))
      shadow_registry<C>::copy(&first, &from, sizeof(V));
    return result;
  } else {
    return orig(untag(static_cast<First&&>(first), c), untag(static_cast<Rest&&>(rest), c)...);
  }
}
template <class C, class F, class Orig>
CASSETTE_INLINE decltype(auto) tagged_primitive(Twin<C>, const F&, Orig& orig) {
  return orig();
}

/// An arithmetic conversion (implicit or written) inside a twin: keeps the
/// metadata when the target type can carry it under C.
template <class To, class C, class V>
CASSETTE_INLINE constexpr decltype(auto) convert(Twin<C> t, V&& v) {
  using From = std::remove_cvref_t<V>;
  if constexpr (detail::is_nested_v<C>) {
    // The enclosing context converts the primal value; the inner metadata
    // converts as the value type's metadata does.
    using P = detail::primal_t<C, To>;
    if constexpr (istaggedtype_v<From, C>) {
      P value = convert<To>(t.context().outer, v.value);
      if constexpr (can_carry_metadata_v<C, P>) {
        Tagged<C, P> out(value);
        using M = metadata_t<C, P>;
        if constexpr (std::is_convertible_v<typename From::metadata_type, M>) {
          if (v.has_metadata()) out.set_metadata(static_cast<M>(v.meta));
        }
        return out;
      } else {
        return value;
      }
    } else {
      return convert<To>(t.context().outer, static_cast<V&&>(v));
    }
  } else if constexpr (is_tagged_v<From>) {
    // The context's rule for the conversion, if it wrote one (GraphCtx's
    // records the conversions that can change a value).
    if constexpr (can_carry_metadata_v<C, To> &&
                  requires { execute(t.context(), ::cassette::op::convert<To>{}, static_cast<const From&>(v)); })
      return value_t<C, To>(execute(t.context(), ::cassette::op::convert<To>{}, static_cast<const From&>(v)));
    else if constexpr (can_carry_metadata_v<C, To>) return Tagged<C, To>(v);
    else return static_cast<To>(v.value);
  } else {
    return static_cast<To>(static_cast<V&&>(v));
  }
}

/// A by-value argument of a twin call as the parameter's own type
/// (`value_t<C, T>`): overloads on arithmetic types then resolve as they do
/// for plain values, where each tagged type would otherwise be reached by a
/// conversion of the same rank. The metadata converts with the value.
template <class T, class C, class V>
CASSETTE_INLINE value_t<C, T> as_value(Twin<C> t, V&& v) {
  return value_t<C, T>(convert<T>(t, static_cast<V&&>(v)));
}

/// What the user's half and the call protocol reach through
/// `rt::tagging_runtime<C>` (declared in <cassette/tagging.hpp>).
template <class C>
struct tagging_runtime {
  static constexpr bool available = true;
  template <class... A>
  static CASSETTE_INLINE decltype(auto) primitive(A&&... a) {
    return tagged_primitive(static_cast<A&&>(a)...);
  }
  template <class R>
  static CASSETTE_INLINE decltype(auto) load(Twin<C> t, R&& place) {
    return rt::load(t, static_cast<R&&>(place));
  }
  template <class T, class V>
  static CASSETTE_INLINE T& assign(Twin<C> t, T& place, V&& value) {
    return rt::assign(t, place, static_cast<V&&>(value));
  }
  template <class T>
  static CASSETTE_INLINE void adopt(Twin<C> t, T& object) {
    rt::adopt(t, object);
  }
  template <class T, class M>
  static void tag_in_place(const C& ctx, T& place, M&& meta) {
    detail::write_shadow(place, place, tag(place, ctx, std::forward<M>(meta)));
  }
  template <class T>
  static auto metadata_in_place(const C& ctx, const T& place) {
    Tagged<C, T> out(place);
    detail::read_shadow(place, place, out);
    return metadata(out, ctx);
  }
  template <class T>
  static void tag_object(const C&, T& object, const object_metadata_t<C, T>& meta) {
    using S = detail::object_store_t<C, T>;
    S::set(const_cast<std::remove_cv_t<T>*>(&object), detail::object_granule<std::remove_cv_t<T>>{}, meta);
  }
  template <class T>
  static std::optional<object_metadata_t<C, T>> object_metadata(const C&, const T& object) {
    using S = detail::object_store_t<C, T>;
    if (const auto* m = S::find(&object, detail::object_granule<std::remove_cv_t<T>>{})) {
      if constexpr (object_metadata_default_means_none_v<C, T>)
        if (*m == object_metadata_t<C, T>{}) return std::nullopt;
      return *m;
    }
    return std::nullopt;
  }
  template <class T>
  static void untag_object(const C&, T& object) {
    detail::object_store_t<C, T>::clear(const_cast<std::remove_cv_t<T>*>(&object));
  }
};

}  // namespace cassette::rt
#pragma GCC visibility pop

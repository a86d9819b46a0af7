// Contextual tagging, the user's half: values carry metadata with respect to
// a context (Cassette's `tag`, `untag`, `metadata`, `metadatatype`, ...).
//
// Where the metadata lives:
//  - values in twin locals, by-value parameters, returns and temporaries are
//    `Tagged<C, T>` objects: the rewriter spells those declarations
//    `cassette::value_t<C, T>`, which is plain `T` for every context without
//    tagging (so non-tagging contexts compile to the original code);
//  - values in memory (fields, array and container elements, globals, the
//    heap, locals whose address escapes) keep their types and layouts; their
//    metadata lives in a shadow store keyed by address, written and read by
//    the loads and stores the rewriter puts around twins' accesses to memory
//    (`--tagging`). That half, the tagging runtime (rt/tagging.hpp and
//    rt/shadow.hpp), is what files rewritten with --tagging include; a file
//    that seeds or reads memory's metadata itself (`tag_in_place`) or runs a
//    tagging context over code rewritten without --tagging includes
//    <cassette/tagging_runtime.hpp>.
// See docs/tagging.md.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <limits>
#include <optional>
#include <type_traits>
#include <utility>

#include "context.hpp"
#include "ops.hpp"

namespace cassette {

// ---------------------------------------------------------------------------
// Which contexts tag, and what metadata values may carry.

/// Cassette's `metadatatype(Ctx, T)`: specialise it for a context and a value
/// type to let values of that type carry metadata of type `type` under the
/// context. Default: nothing may carry metadata (`void`).
///
/// A specialisation may also declare `static constexpr bool
/// default_means_none = true;`: the value-initialised metadata (a zero
/// tangent, an empty label set) then means "no metadata". Values and shadow
/// slots carry no presence flag, and rules and loads need no branches on it;
/// `hasmetadata` is `metadata != type{}` (so `type` needs `==`).
///
/// With `default_means_none`, it may also declare `static constexpr bool
/// checks_memory = false;`: a load from memory then takes the metadata last
/// stored for the address without checking that the memory still holds the
/// value it was stored with. Slots hold the metadata alone (half the shadow
/// memory, and half the traffic of a loop over an array), but memory that
/// code outside twins overwrites (a primitive, memcpy) keeps that metadata,
/// as uninstrumented code keeps a sanitizer's shadow. A twin's dead locals
/// (cleared_at_exit) and freed blocks (the deallocation hook) are cleared.
template <class Ctx, class T>
struct metadatatype {
  using type = void;
};

/// Cassette's `enabletagging(ctx, f)`: a copy of `ctx` with tagging on, of a
/// type of its own per `F`, so that nested executions (even of one context
/// type) never mix their metadata.
template <class Ctx, class F>
struct with_tagging : Ctx {
  using base_context = Ctx;
  static constexpr bool tagging_enabled = true;
  explicit with_tagging(const Ctx& c) : Ctx(c) {}
  with_tagging() = default;
};

namespace detail {
template <class C>
concept declares_tagging = requires {
  { C::tagging_enabled } -> std::convertible_to<bool>;
};

// The specialisation of Trait (metadatatype, object_metadatatype) that
// applies to C and T. `with_tagging<Ctx, F>` (and `nested<Ctx, O>`) carry
// the metadata types declared for `Ctx`.
template <template <class, class> class Trait, class C, class T>
struct spec_lookup {
  using type = Trait<C, T>;
};
template <template <class, class> class Trait, class C, class T>
  requires requires { typename C::base_context; } && std::is_void_v<typename Trait<C, T>::type>
struct spec_lookup<Trait, C, T> {
  using type = typename spec_lookup<Trait, typename C::base_context, T>::type;
};
template <template <class, class> class Trait, class C, class T>
using spec_t = typename spec_lookup<Trait, std::remove_cvref_t<C>, std::remove_cvref_t<T>>::type;
template <class C, class T>
using metadata_spec = spec_t<metadatatype, C, T>;

// Whether a specialisation declares that its default value means none.
template <class Spec>
inline constexpr bool default_means_none_v = [] {
  if constexpr (requires { Spec::default_means_none; }) return static_cast<bool>(Spec::default_means_none);
  else return false;
}();
}  // namespace detail

/// Cassette's `hastagging(typeof(ctx))`.
template <class C>
inline constexpr bool hastagging_v = [] {
  if constexpr (detail::declares_tagging<C>) return static_cast<bool>(C::tagging_enabled);
  else return false;
}();
template <class C>
constexpr bool hastagging(const C&) {
  return hastagging_v<C>;
}

/// The metadata type values of type T carry under context C (void: none).
template <class C, class T>
using metadata_t = typename detail::metadata_spec<C, T>::type;

/// Whether C's metadata for T declares that its default value means none.
template <class C, class T>
inline constexpr bool metadata_default_means_none_v = detail::default_means_none_v<detail::metadata_spec<C, T>>;

/// Whether loads of C's metadata for T check that memory still holds the
/// value stored with it (the default; see `checks_memory` above).
template <class C, class T>
inline constexpr bool metadata_checks_memory_v = [] {
  if constexpr (requires { detail::metadata_spec<C, T>::checks_memory; }) {
    static_assert(detail::metadata_spec<C, T>::checks_memory || metadata_default_means_none_v<C, T>,
                  "cassette: `checks_memory = false` needs `default_means_none = true`: an unchecked slot "
                  "holds the metadata alone, and zero bytes must mean none");
    using M = typename detail::metadata_spec<C, T>::type;
    static_assert(detail::metadata_spec<C, T>::checks_memory ||
                      (std::is_trivially_default_constructible_v<M> && std::is_trivially_copyable_v<M>),
                  "cassette: `checks_memory = false` needs trivial metadata (trivially default-constructible and "
                  "copyable) whose default means none");
    return static_cast<bool>(detail::metadata_spec<C, T>::checks_memory);
  } else {
    return true;
  }
}();

template <class C, class T>
inline constexpr bool can_carry_metadata_v = hastagging_v<C> && !std::is_void_v<metadata_t<C, T>>;

/// Metadata of a whole object of class type T under context C, beside its
/// fields' own (Cassette's metadata of a struct, `metameta`): specialise it
/// as `metadatatype` (`type`, and optionally `default_means_none`). The
/// object keeps its type: its metadata is kept by its address
/// (`tag_object`, `object_metadata`) and follows the copies twins make of it.
/// Apart from `metadatatype`, so that a class type never becomes a tagged
/// value (`Tagged<C, Point>`: docs/tagging.md says why it cannot be done).
template <class Ctx, class T>
struct object_metadatatype {
  using type = void;
};

namespace detail {
template <class C, class T>
using object_metadata_spec = spec_t<object_metadatatype, C, T>;
}  // namespace detail

/// The metadata type a whole object of class type T carries under C (void: none).
template <class C, class T>
using object_metadata_t = typename detail::object_metadata_spec<C, T>::type;

/// Whether C's whole-object metadata for T declares that its default means none.
template <class C, class T>
inline constexpr bool object_metadata_default_means_none_v =
    detail::default_means_none_v<detail::object_metadata_spec<C, T>>;

template <class C, class T>
struct Tagged;

/// A context executing inside code that runs under another context: an
/// overdub nested in an overdub (Cassette's nested contextual execution).
/// `nested<C, O>` is C running within a twin of O: its values wrap O's values
/// (a `double` is `Tagged<nested<C, O>, value_t<O, double>>`), and what it
/// leaves to primitives, including the arithmetic its own rules do on those
/// values (`cassette::enclosing_call`), runs under O. So nested executions
/// never mix their metadata, even when C and O are the same type
/// (perturbation confusion in nested differentiation). Hooks and metadata
/// types are C's.
template <class C, class O>
struct nested : C {
  using base_context = C;
  using outer_context = O;
  [[no_unique_address]] Twin<O> outer;
  nested(const C& inner, Twin<O> enclosing) : C(inner), outer(enclosing) {}
};

/// `nested<C, O>` for running `inner` inside a twin of O (its slot `enclosing`).
template <class C, class O>
nested<C, O> nest(const C& inner, Twin<O> enclosing) {
  return nested<C, O>(inner, enclosing);
}

namespace detail {
template <class C>
inline constexpr bool is_nested_v = false;
template <class C, class O>
inline constexpr bool is_nested_v<nested<C, O>> = true;

template <class C, class T>
struct value_type_of;

// What a value of declared type T is under C before C's own tag: T itself,
// or, inside a nested context, what the enclosing context makes of it.
template <class C, class T>
struct primal_of {
  using type = T;
};
template <class C, class O, class T>
struct primal_of<nested<C, O>, T> {
  using type = typename value_type_of<O, T>::type;
};
template <class C, class T>
using primal_t = typename primal_of<C, T>::type;

// C's tag goes on when the primal value can carry C's metadata.
template <class C, class T>
struct value_type_of {
  using P = primal_t<C, std::remove_cv_t<T>>;
  using Plain = std::conditional_t<can_carry_metadata_v<C, P>, Tagged<C, P>, P>;
  // `const int` is a `const Tagged<C, int>` (the anchors spell parameter
  // types with their qualifiers).
  using type = std::conditional_t<std::is_const_v<T>, const Plain, Plain>;
};
}  // namespace detail

/// The type twins give a local, by-value parameter or return of declared type
/// T under context C: `Tagged<C, T>` when T can carry metadata, otherwise T.
template <class C, class T>
using value_t = typename detail::value_type_of<std::remove_cvref_t<C>, T>::type;

template <class T>
inline constexpr bool is_tagged_v = false;
template <class C, class T>
inline constexpr bool is_tagged_v<Tagged<C, T>> = true;

namespace detail {
// A value with every context's tag taken off (a nested context's values are
// tagged twice), and an argument as the code as written would pass it.
template <class T>
struct plain_value {
  using type = T;
};
template <class C, class T>
struct plain_value<Tagged<C, T>> {
  using type = typename plain_value<T>::type;
};
template <class A>
using plain_arg_t =
    std::conditional_t<is_tagged_v<std::remove_cvref_t<A>>, typename plain_value<std::remove_cvref_t<A>>::type, A>;
}  // namespace detail

/// Cassette's `istaggedtype(T, C)`.
template <class T, class C>
inline constexpr bool istaggedtype_v = false;
template <class C, class T>
inline constexpr bool istaggedtype_v<Tagged<C, T>, C> = true;

// ---------------------------------------------------------------------------
// Tagged values.

namespace detail {
struct no_flag {};  // Tagged's presence flag where the metadata's default means none
}  // namespace detail

/// A value of type T tagged with respect to context C, with or without
/// metadata of type `metadata_t<C, T>`. Converts implicitly from a plain T
/// (no metadata) and only explicitly back to T, so metadata is never dropped
/// without saying so (`untag`).
template <class C, class T>
struct Tagged {
  using context_type = C;
  using value_type = T;
  using metadata_type = metadata_t<C, T>;
  static_assert(!std::is_void_v<metadata_type>, "cassette::Tagged: this value type cannot carry metadata");
  /// Whether presence is a flag of its own (otherwise: meta != metadata_type{}).
  static constexpr bool flagged = !metadata_default_means_none_v<C, T>;

  T value{};
  metadata_type meta{};
  [[no_unique_address]] std::conditional_t<flagged, bool, detail::no_flag> has_flag{};

  constexpr Tagged() = default;
  constexpr Tagged(const T& v) : value(v) {}
  constexpr Tagged(const T& v, const metadata_type& m) : value(v) { set_metadata(m); }
  /// Arithmetic conversions keep the metadata when it converts.
  template <class U>
    requires(!std::is_same_v<U, T> && std::is_convertible_v<U, T>)
  constexpr Tagged(const Tagged<C, U>& o) : value(static_cast<T>(o.value)) {
    if constexpr (std::is_convertible_v<typename Tagged<C, U>::metadata_type, metadata_type>) {
      if (o.has_metadata()) set_metadata(static_cast<metadata_type>(o.meta));
    }
  }

  constexpr bool has_metadata() const {
    if constexpr (flagged) return has_flag;
    else return !(meta == metadata_type{});
  }
  constexpr void set_metadata(const metadata_type& m) {
    meta = m;
    if constexpr (flagged) has_flag = true;
  }
  /// A plain value of another type: converted, no metadata.
  template <class U>
    requires(!std::is_same_v<U, T> && std::is_arithmetic_v<U> && std::is_convertible_v<U, T>)
  constexpr Tagged(const U& v) : value(static_cast<T>(v)) {}

  /// Explicit only; also what branches on a tagged value use (the plain value).
  explicit constexpr operator T() const { return value; }
};

// ---------------------------------------------------------------------------
// Cassette's tagging API.

namespace detail {
template <class C>
constexpr void require_tagging() {
  static_assert(hastagging_v<C>,
                "cassette: this context has no tagging; use cassette::enabletagging(ctx, f) or declare "
                "`static constexpr bool tagging_enabled = true;` in the context");
}
}  // namespace detail

template <class Ctx, class F>
with_tagging<Ctx, std::decay_t<F>> enabletagging(const Ctx& ctx, const F&) {
  static_assert(!hastagging_v<Ctx>, "cassette::enabletagging: the context already has tagging");
  return with_tagging<Ctx, std::decay_t<F>>(ctx);
}

/// Cassette's `tag(value, ctx)`: the value tagged w.r.t. ctx, without metadata.
template <class C, class T>
constexpr auto tag(const T& value, const C&) {
  detail::require_tagging<C>();
  static_assert(!std::is_void_v<metadata_t<C, T>>,
                "cassette::tag: metadatatype<Context, T> is void: values of this type cannot carry metadata "
                "under this context (specialise cassette::metadatatype)");
  return Tagged<C, T>(value);
}
/// Cassette's `tag(value, ctx, metadata)`; the metadata converts to `metadata_t<C, T>`.
template <class C, class T, class M>
constexpr auto tag(const T& value, const C&, M&& meta) {
  detail::require_tagging<C>();
  using Meta = metadata_t<C, T>;
  static_assert(!std::is_void_v<Meta>,
                "cassette::tag: metadatatype<Context, T> is void: values of this type cannot carry metadata "
                "under this context (specialise cassette::metadatatype)");
  static_assert(std::is_convertible_v<M&&, Meta>,
                "cassette::tag: the metadata does not convert to metadatatype<Context, T>");
  return Tagged<C, T>(value, static_cast<Meta>(std::forward<M>(meta)));
}
template <class C, class T, class M>
constexpr Tagged<C, T> tag(const Tagged<C, T>& x, const C& ctx, M&& meta) {
  return tag(x.value, ctx, std::forward<M>(meta));
}

/// Cassette's `untag(x, ctx)`: the plain value.
template <class T>
constexpr decltype(auto) untag(T&& x) {
  if constexpr (is_tagged_v<std::remove_cvref_t<T>>) return (std::forward<T>(x).value);
  else return std::forward<T>(x);
}
/// Only the tag of context C comes off: a value tagged by an enclosing
/// context (nested<C, O>) stays tagged by it.
template <class T, class C>
constexpr decltype(auto) untag(T&& x, const C&) {
  if constexpr (istaggedtype_v<std::remove_cvref_t<T>, C>) return (std::forward<T>(x).value);
  else return std::forward<T>(x);
}

template <class T>
struct untagged_type {
  using type = T;
};
template <class C, class T>
struct untagged_type<Tagged<C, T>> {
  using type = T;
};
/// Cassette's `untagtype(T, C)`.
template <class T, class C = void>
using untagtype_t = typename untagged_type<std::remove_cvref_t<T>>::type;

/// Cassette's `istagged(x, ctx)`.
template <class T, class C>
constexpr bool istagged(const T&, const C&) {
  return istaggedtype_v<std::remove_cvref_t<T>, C>;
}

/// Cassette's `hasmetadata(x, ctx)`.
template <class T, class C>
constexpr bool hasmetadata(const T& x, const C&) {
  if constexpr (istaggedtype_v<T, C>) return x.has_metadata();
  else return false;
}

/// Cassette's `metadata(x, ctx)`: the metadata, or "no metadata" (an empty
/// optional; `NoMetaData` for a value that is not tagged at all).
template <class T, class C>
constexpr auto metadata(const T& x, const C&) {
  if constexpr (istaggedtype_v<T, C>) {
    using M = typename T::metadata_type;
    return x.has_metadata() ? std::optional<M>(x.meta) : std::optional<M>();
  } else {
    return NoMetaData{};
  }
}

/// The metadata, or `otherwise` when x has none (the usual way rules read it).
template <class T, class C, class M>
constexpr auto metadata_or(const T& x, const C&, const M& otherwise) {
  if constexpr (istaggedtype_v<T, C>) {
    using Meta = typename T::metadata_type;
    return x.has_metadata() ? x.meta : static_cast<Meta>(otherwise);
  } else {
    return otherwise;
  }
}

/// The metadata, or the value-initialised metadata type when x has none
/// (for metadata whose default means none, simply x's metadata: no branch).
/// For a value C has not tagged, `Default{}`.
template <class Default, class T, class C>
constexpr auto metadata_or_default(const T& x, const C&) {
  if constexpr (istaggedtype_v<T, C>) {
    using Meta = typename T::metadata_type;
    if constexpr (T::flagged) return x.has_metadata() ? x.meta : Meta{};
    else return x.meta;
  } else {
    return Default{};
  }
}

// ---------------------------------------------------------------------------
// Metadata of values in memory: the tagging runtime, reached through
// rt::tagging_runtime (rt/tagging_fwd.hpp, which needs what stands above).

}  // namespace cassette

#include "rt/tagging_fwd.hpp"

namespace cassette {

/// Give the value stored at `place` metadata (seeding inputs that live in
/// memory, such as the elements of a vector passed by reference).
template <class C, class T, class M>
void tag_in_place(const C& ctx, T& place, M&& meta) {
  detail::require_tagging<C>();
  static_cast<void>(metadata_checks_memory_v<C, T>);
  if constexpr (rt::tagging_ready_v<C>) rt::tagging_runtime<C>::tag_in_place(ctx, place, std::forward<M>(meta));
}
/// The metadata of the value stored at `place` (as `metadata` reports it).
template <class C, class T>
auto metadata_in_place(const C& ctx, const T& place) {
  detail::require_tagging<C>();
  static_assert(!std::is_void_v<metadata_t<C, T>>,
                "cassette::metadata_in_place: values of this type carry no metadata under this context");
  static_cast<void>(metadata_checks_memory_v<C, T>);
  if constexpr (rt::tagging_ready_v<C>) return rt::tagging_runtime<C>::metadata_in_place(ctx, place);
  else return metadata(Tagged<C, T>(place), ctx);
}

namespace detail {
template <class C, class T>
constexpr void require_object_metadata() {
  require_tagging<C>();
  static_assert(std::is_class_v<T>,
                "cassette: whole-object metadata is for objects of class type; a number carries its own "
                "(tag, tag_in_place)");
  static_assert(!std::is_void_v<object_metadata_t<C, T>>,
                "cassette: object_metadatatype<Context, T> is void: objects of this type carry no metadata of their "
                "own under this context (specialise cassette::object_metadatatype)");
}
}  // namespace detail

/// Give the object at `object` metadata of its own, beside its fields'
/// (Cassette's `tag` of a struct). Copies that twins make of it carry it:
/// `T y = x;`, by-value arguments and returns, containers' elements.
template <class C, class T, class M>
void tag_object(const C& ctx, T& object, M&& meta) {
  detail::require_object_metadata<C, T>();
  static_assert(std::is_convertible_v<M&&, object_metadata_t<C, T>>,
                "cassette::tag_object: the metadata does not convert to object_metadatatype<Context, T>");
  if constexpr (rt::tagging_ready_v<C>)
    rt::tagging_runtime<C>::tag_object(ctx, object, static_cast<object_metadata_t<C, T>>(std::forward<M>(meta)));
}
/// The metadata of the whole object at `object` (an empty optional: none).
template <class C, class T>
std::optional<object_metadata_t<C, T>> object_metadata(const C& ctx, const T& object) {
  detail::require_object_metadata<C, T>();
  if constexpr (rt::tagging_ready_v<C>) return rt::tagging_runtime<C>::object_metadata(ctx, object);
  else return std::nullopt;
}
/// The object no longer has metadata of its own.
template <class C, class T>
void untag_object(const C& ctx, T& object) {
  detail::require_object_metadata<C, T>();
  if constexpr (rt::tagging_ready_v<C>) rt::tagging_runtime<C>::untag_object(ctx, object);
}

}  // namespace cassette

/// Generic code instantiated with a tagged value's type (a template deduced
/// from a tagged argument) asks its limits: they are the value type's, and
/// convert to tagged values without metadata.
template <class C, class T>
class std::numeric_limits<cassette::Tagged<C, T>> : public std::numeric_limits<T> {};
#pragma GCC visibility pop

// The shadow store: metadata of values that live in memory, keyed by address,
// so that no type's layout changes. Part of the tagging runtime (rt/tagging.hpp):
// only files rewritten with --tagging, and <cassette/tagging_runtime.hpp>, include it.
// One store per (context type, value type).
//
// Layout: a direct-mapped table, like a sanitizer's shadow but sparse.
// Application memory is cut into windows (16 GiB for a double whose slot is
// 16 bytes; smaller where slots are larger, so that a window's shadow is at
// most 32 GiB); one slot per T-sized element. A slot holds the value as
// stored and its metadata, plus a flag unless the metadata type says its
// default value means "none"; with `checks_memory = false` it holds the
// metadata alone. A table of all windows below 2^48 gives each window's
// arena as a distance from a read-only region of zero bytes, which windows
// never written lead to. A lookup is one formula with no branch: a load of
// the table entry and arithmetic, so the compiler merges lookups of one
// address, keeps the table's address in a register through a loop, and
// reuses what it has loaded (loads of the store are plain loads with no call
// and no write).
//
// Element lookups: the slots of one array are contiguous, so `x[i]` on a
// vector or array can find its slot as the slot of x.data() plus i slots
// (`find_element`): the base's slot does not change in a loop, so the
// compiler computes it once and the loop's lookups become what a labels
// array beside x would cost. For that, an array that crosses from window w
// into w + 1 must find w + 1's slots right after w's: the shadow is one
// memfd file with a region per window, and window w's arena maps the file's
// regions of w and w + 1 (shared, so both views are the same pages). Writing
// a slot in w + 1 first gives w its arena too, so an array starting in a
// window without one holds no metadata at all. Arrays of up to a window's
// elements are served (load_element stops the program on a longer one).
//
// The kernel commits only the file pages written; zero bytes are empty slots
// (metadata types that are not trivial are constructed in a slot when it is
// first written). Arenas are address space only (64 GiB for doubles): an
// arena per window written and one below it. The shadow is shared memory:
// a child made by fork() shares its parent's metadata until one exec()s.
// Addresses at or above 2^48 (5-level paging with an explicit mmap hint) are
// beyond the table: loads there find no metadata, and storing a tagged value
// there stops the program with a message (as sanitizers stop on such layouts).
//
// Lifetime: a slot is written when a twin stores a tagged value and cleared
// when a twin stores an untagged one, or when the block is freed if the
// program links the deallocation hook (freed_memory below). Memory written by
// code outside twins (a primitive, memcpy) does not touch the store;
// a load therefore checks that the memory still holds the value stored with
// the metadata, and otherwise treats the slot as empty, so stale metadata is
// never attached to a different value (a primitive rewriting the same value
// keeps it). A metadata type that declares `checks_memory = false` gives up
// that check for half the shadow memory and traffic: such memory keeps the
// metadata last stored for it. Shadow arenas live until exit;
// `shadow_bytes()` reports the address space the stores hold.
//
// Threads: any thread may read and write. The table and its entries change
// once each, from empty to final, published with release atomics under a
// lock, and are read with plain loads (ordered atomic loads would stop the
// compiler from reusing loads around them): a reader sees either the empty
// state or the final one. Slot updates are plain stores: two threads racing
// on one slot is the program's own data race on that value.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <type_traits>

#include "../inline.hpp"

namespace cassette::rt {

namespace detail {
inline std::atomic<std::size_t>& shadow_bytes_counter() {
  static std::atomic<std::size_t> bytes{0};
  return bytes;
}
// Whether two objects hold the same bytes (the memory check of a load).
template <class T>
CASSETTE_INLINE bool same_bytes(const T& a, const T& b) {
  return __builtin_memcmp(&a, &b, sizeof(T)) == 0;
}
// `keep ? a : b` without a branch where M fits an integer: whether memory still
// holds the stored value follows the data, and a branch on it stops the
// compiler from merging lookups of the same address.
template <class M>
CASSETTE_INLINE M select(bool keep, const M& a, const M& b) {
  using Bits = std::conditional_t<sizeof(M) == 8, std::uint64_t,
                                  std::conditional_t<sizeof(M) == 4, std::uint32_t,
                                                     std::conditional_t<sizeof(M) == 2, std::uint16_t, std::uint8_t>>>;
  if constexpr (std::is_trivially_copyable_v<M> && sizeof(M) == sizeof(Bits)) {
    Bits x, y;
    __builtin_memcpy(&x, &a, sizeof(M));
    __builtin_memcpy(&y, &b, sizeof(M));
    Bits mask = Bits(0) - Bits(keep);
    __asm__("" : "+r"(mask));  // keeps it a mask: the backend would turn a select back into a branch
    Bits r = (x & mask) | (y & ~mask);
    M out;
    __builtin_memcpy(&out, &r, sizeof(M));
    return out;
  } else {
    return keep ? a : b;
  }
}
}  // namespace detail

namespace detail {
// Functions that any thread calls without taking a lock (a deallocation
// must not wait on one, and every struct a twin returns is copied through
// one): an entry is written before the count that publishes it. Constant-
// initialised, so usable from any static constructor or destructor.
template <class Fn, std::size_t N>
class published_functions {
 public:
  void add(Fn f, const char* what) {
    std::lock_guard g(lock_);  // writers only
    std::size_t n = count_.load(std::memory_order_relaxed);
    if (n == N) {
      std::fprintf(stderr, "cassette: shadow store: more than %zu %s\n", N, what);
      std::abort();
    }
    fns_[n] = f;
    count_.store(n + 1, std::memory_order_release);
  }
  template <class... A>
  void call(A... a) const {
    std::size_t n = count_.load(std::memory_order_acquire);
    for (std::size_t i = 0; i < n; ++i) fns_[i](a...);
  }

 private:
  std::mutex lock_;
  std::atomic<std::size_t> count_{0};
  Fn fns_[N] = {};
};
}  // namespace detail

/// The stores of context type C, so an object's metadata can be copied
/// whatever types its fields have.
template <class C>
class shadow_registry {
 public:
  using copier = void (*)(void* dst, const void* src, std::size_t bytes);
  static void add(copier c) { copiers_.add(c, "stores (value types) for one context"); }
  /// Copy the metadata of [src, src + bytes) to [dst, dst + bytes), where the
  /// memory at dst holds the same values (a copied object).
  static void copy(void* dst, const void* src, std::size_t bytes) { copiers_.call(dst, src, bytes); }

 private:
  static inline constinit detail::published_functions<copier, 64> copiers_;
};

/// Every store of the program, whatever its context, so that freed memory can
/// be cleared in all of them (runtime/src/deallocation_hook.cpp calls
/// `clear_freed` from `operator delete`). Constant-initialised and never
/// destroyed: deallocation runs before main and after exit too.
class freed_memory {
 public:
  using clearer = void (*)(const void* place, std::size_t bytes);
  static void add(clearer c) { clearers_.add(c, "stores (context and value types) in one program"); }
  /// Memory [place, place + bytes) was freed: no store keeps metadata for it
  /// (unless this thread deferred it, below).
  static void clear_freed(const void* place, std::size_t bytes) {
    if (place == deferred_ && place) {
      deferred_bytes_ = bytes;
      return;
    }
    clear_now(place, bytes);
  }
  static void clear_now(const void* place, std::size_t bytes) { clearers_.call(place, bytes); }
  /// While it lives, this thread's deallocation of the block at `place`
  /// keeps the block's metadata, which the owner still has to copy (a
  /// vector's old buffer, freed by the reallocation that the owner watches);
  /// the block is cleared when the deferral ends.
  class deferral {
   public:
    explicit deferral(const void* place) : outer_(deferred_), outer_bytes_(deferred_bytes_) {
      deferred_ = place;
      deferred_bytes_ = 0;
    }
    deferral(const deferral&) = delete;
    deferral& operator=(const deferral&) = delete;
    ~deferral() {
      const void* place = deferred_;
      std::size_t bytes = deferred_bytes_;
      deferred_ = outer_;
      deferred_bytes_ = outer_bytes_;
      if (bytes) clear_now(place, bytes);
    }

   private:
    const void* outer_;
    std::size_t outer_bytes_;
  };
  /// Whether a deallocation hook is linked (it sets this from a static
  /// constructor); docs/tagging.md, Lifetime.
  static bool hooked() { return hooked_.load(std::memory_order_relaxed); }
  static void set_hooked() { hooked_.store(true, std::memory_order_relaxed); }

 private:
  static inline constinit detail::published_functions<clearer, 256> clearers_;
  static inline std::atomic<bool> hooked_{false};
  static inline thread_local const void* deferred_ = nullptr;
  static inline thread_local std::size_t deferred_bytes_ = 0;
};

/// Bytes of address space held by all shadow stores of the program (the
/// kernel commits only the pages touched).
inline std::size_t shadow_bytes() { return detail::shadow_bytes_counter().load(std::memory_order_relaxed); }

namespace detail {
// Slots start as zero bytes: empty.
//  - trivial metadata whose default means none: {value, meta}; a slot is
//    present when its value matches, an empty one reads as M{};
//  - trivial metadata: {value, meta, has};
//  - other metadata: constructed in the slot when first written; state 0:
//    never written, 1: present, 2: cleared.
//  - trivial metadata whose default means none, loads unchecked: {meta}.
enum class slot_kind { unflagged, flagged, constructed, bare };

template <class T, class M, slot_kind K>
struct shadow_slot {
  T value;
  M meta;
  const M& metadata() const { return meta; }
};
template <class T, class M>
struct shadow_slot<T, M, slot_kind::bare> {
  M meta;
  const M& metadata() const { return meta; }
};
template <class T, class M>
struct shadow_slot<T, M, slot_kind::flagged> {
  T value;
  M meta;
  bool has;
  const M& metadata() const { return meta; }
};
template <class T, class M>
struct shadow_slot<T, M, slot_kind::constructed> {
  T value;
  alignas(M) unsigned char bytes[sizeof(M)];
  unsigned char state;
  const M& metadata() const { return *std::launder(reinterpret_cast<const M*>(bytes)); }
};
}  // namespace detail

/// The store of context type C for values of type T carrying metadata M;
/// `Flagged`: M's default value is metadata like any other; `Checked`: a load
/// checks that memory still holds the value stored with the metadata (off
/// for trivial metadata whose default means none that says so, and for the
/// metadata of whole objects, whose fields change under it: rt/tagging.hpp).
template <class C, class T, class M, bool Flagged = true, bool Checked = true>
class shadow_store {
  static constexpr bool Trivial = std::is_trivially_default_constructible_v<M> && std::is_trivially_copyable_v<M>;
  static constexpr detail::slot_kind Kind = !Trivial  ? detail::slot_kind::constructed
                                            : Flagged ? detail::slot_kind::flagged
                                            : Checked ? detail::slot_kind::unflagged
                                                      : detail::slot_kind::bare;

 public:
  using Slot = detail::shadow_slot<T, M, Kind>;
  static constexpr unsigned AddressBits = 48;
  // A window's shadow is at most 2^35 bytes: the window shrinks as slots grow.
  static constexpr unsigned WindowShift = [] {
    unsigned shift = 35;
    for (std::size_t ratio = (sizeof(Slot) + sizeof(T) - 1) / sizeof(T); ratio > 1; ratio = (ratio + 1) / 2) --shift;
    return shift;
  }();
  static constexpr std::uintptr_t WindowMask = (std::uintptr_t(1) << WindowShift) - 1;
  static constexpr std::size_t Windows = std::size_t(1) << (AddressBits - WindowShift);
  static constexpr std::size_t SlotsPerWindow = (WindowMask + 1) / sizeof(T);
  static constexpr std::size_t WindowBytes = SlotsPerWindow * sizeof(Slot);  // one window's shadow
  /// The longest array `find_element` serves (a window's worth of elements).
  static constexpr std::size_t MaxElements = SlotsPerWindow;

  /// The metadata stored for `place`, if the memory still holds `current`
  /// (or unchecked, whatever it holds).
  static CASSETTE_INLINE const M* find(const void* place, const T& current) {
    const Slot& s = slot(place);
    if (!present(s) || !holds(s, current)) return nullptr;
    return &s.metadata();
  }
  /// The metadata stored for `place`, or M{} (without a branch, for stores
  /// whose M{} means none).
  static CASSETTE_INLINE M find_or_none(const void* place, const T& current) {
    return value_or_none(slot(place), current);
  }
  /// What slot `s` holds for memory that holds `current`, or M{}.
  static CASSETTE_INLINE M value_or_none(const Slot& s, const T& current) {
    if constexpr (Kind == detail::slot_kind::bare) {
      (void)current;
      return s.meta;
    } else if constexpr (Kind == detail::slot_kind::unflagged) {
      T stored = s.value;
      M meta = s.meta;
      return detail::select(detail::same_bytes(stored, current), meta, M{});
    } else {
      return present(s) && holds(s, current) ? s.metadata() : M{};
    }
  }
  /// `find` and `find_or_none` for `place`, an element of the array that
  /// starts at `first` (at most MaxElements long): the slot is first's plus
  /// the element's index.
  static CASSETTE_INLINE const M* find_element(const T* first, const void* place, const T& current) {
    const Slot& s = element_slot(first, place);
    if (!present(s) || !holds(s, current)) return nullptr;
    return &s.metadata();
  }
  static CASSETTE_INLINE M find_element_or_none(const T* first, const void* place, const T& current) {
    return value_or_none(element_slot(first, place), current);
  }
  static CASSETTE_INLINE void set(void* place, const T& value, const M& meta) {
    Slot& s = slot_creating(place);
    if constexpr (Kind != detail::slot_kind::bare) s.value = value;
    else (void)value;
    if constexpr (Kind == detail::slot_kind::constructed) {
      if (s.state == 0) ::new (static_cast<void*>(s.bytes)) M(meta);
      else const_cast<M&>(s.metadata()) = meta;
      s.state = 1;
    } else {
      s.meta = meta;
      if constexpr (Kind == detail::slot_kind::flagged) s.has = true;
    }
  }
  static CASSETTE_INLINE void clear(void* place) {
    auto a = reinterpret_cast<std::uintptr_t>(place);
    const Layout* l = layout;
    // Memory without a slot of its own never held metadata; an empty slot is
    // only read, so clearing untagged memory commits no shadow page.
    if (l->table[window(l, a)] == 0) return;
    Slot& s = const_cast<Slot&>(slot_in(l, a));
    if (!present(s)) return;
    if constexpr (Kind == detail::slot_kind::constructed) s.state = 2;
    else if constexpr (Kind == detail::slot_kind::flagged) s.has = false;
    else s.meta = M{};
  }
  /// No metadata for the elements that start in [place, place + bytes):
  /// freed memory (freed_memory::clear_freed). Runs inside operator delete,
  /// so it allocates nothing and takes no lock.
  static void clear_range(const void* place, std::size_t bytes) {
    const Layout* l = __atomic_load_n(&layout, __ATOMIC_ACQUIRE);
    auto a = reinterpret_cast<std::uintptr_t>(place);
    const std::uintptr_t end = a + bytes;
    a = (a + sizeof(T) - 1) & Element;
    while (a < end) {
      std::uintptr_t w = window(l, a);
      if (w == l->beyond) return;  // nothing stored yet, or beyond the table
      std::uintptr_t next = (w + 1) << WindowShift, stop = end < next ? end : next;
      if (l->table[w] != 0) clear_slots(const_cast<Slot*>(&slot_in(l, a)), (stop - a + sizeof(T) - 1) / sizeof(T));
      a = next;
    }
  }
  /// Metadata of the T-aligned elements of [src, src + bytes), for the same
  /// values now at dst (see shadow_registry::copy).
  static void copy_range(void* dst, const void* src, std::size_t bytes) {
    auto s = reinterpret_cast<std::uintptr_t>(src), d = reinterpret_cast<std::uintptr_t>(dst);
    std::uintptr_t first = (s + alignof(T) - 1) / alignof(T) * alignof(T);
    for (std::uintptr_t at = first; at + sizeof(T) <= s + bytes; at += alignof(T)) {
      void* to = reinterpret_cast<void*>(d + (at - s));
      alignas(T) unsigned char now[sizeof(T)];
      std::memcpy(now, to, sizeof(T));
      if (const M* m = find(reinterpret_cast<void*>(at), *reinterpret_cast<const T*>(now))) {
        M meta = *m;  // the source slot may be the destination's
        set(to, *reinterpret_cast<const T*>(now), meta);
      } else {
        clear(to);
      }
    }
  }

 private:
  // Where slots are, as one formula without a branch (a branch would stop
  // the compiler from merging lookups of one address and from taking the
  // layout's fields out of loops):
  //   slot = zero + table[min(a >> WindowShift, beyond)] + (a & offset_mask) / sizeof(T) * sizeof(Slot)
  //   element slot = slot(first) + (place - first) / sizeof(T) * stride
  //  - empty (nothing stored yet): `beyond`, the mask and the stride 0, every
  //    address reads the static empty slot;
  //  - table: an entry per window below 2^48, the window's arena as a
  //    distance from `zero`, two windows' worth of read-only zero bytes
  //    (address space only) that the entries of windows never written (0)
  //    lead to, as does table[beyond] for every address above.
  struct Layout {
    const Slot* zero;
    const std::ptrdiff_t* table;
    std::uintptr_t beyond, offset_mask, stride;
  };
  // All constant-initialised: usable from any static constructor or
  // destructor, before the first store creates the table.
  static inline const Slot empty_slot{};
  static inline const std::ptrdiff_t no_windows[1] = {0};
  static inline const Layout empty_layout{&empty_slot, no_windows, 0, 0, 0};
  static inline const Layout* layout = &empty_layout;
  static_assert((sizeof(T) & (sizeof(T) - 1)) == 0, "values are numbers: a power-of-two size");
  static constexpr std::uintptr_t Element = ~std::uintptr_t(sizeof(T) - 1);  // offset_mask keeps whole elements

  static CASSETTE_INLINE bool present(const Slot& s) {
    if constexpr (Kind == detail::slot_kind::flagged) return s.has;
    else if constexpr (Kind == detail::slot_kind::constructed) return s.state == 1;
    else return !(s.meta == M{});  // M{} means none
  }
  static CASSETTE_INLINE bool holds(const Slot& s, const T& current) {
    if constexpr (Kind == detail::slot_kind::bare || !Checked) return (void)s, (void)current, true;
    else return detail::same_bytes(s.value, current);
  }
  static CASSETTE_INLINE std::uintptr_t window(const Layout* l, std::uintptr_t a) {
    std::uintptr_t n = a >> WindowShift;
    return n < l->beyond ? n : l->beyond;
  }
  static CASSETTE_INLINE const Slot& slot_in(const Layout* l, std::uintptr_t a) {
    std::uintptr_t offset = a & l->offset_mask;
    if constexpr (sizeof(Slot) % sizeof(T) == 0) offset *= sizeof(Slot) / sizeof(T);  // one multiplication
    else offset = offset / sizeof(T) * sizeof(Slot);
    const char* at = reinterpret_cast<const char*>(l->zero) + l->table[window(l, a)] + offset;
    return *reinterpret_cast<const Slot*>(at);
  }
  static CASSETTE_INLINE const Slot& element_slot(const T* first, const void* place) {
    const Layout* l = layout;
    auto f = reinterpret_cast<std::uintptr_t>(first);
    std::uintptr_t index = (reinterpret_cast<std::uintptr_t>(place) - f) / sizeof(T);
    return *reinterpret_cast<const Slot*>(reinterpret_cast<const char*>(&slot_in(l, f)) + index * l->stride);
  }
  static void clear_slots(Slot* first, std::size_t n) {
    if constexpr (Kind == detail::slot_kind::constructed) {
      // The metadata object stays constructed for the next write.
      for (std::size_t i = 0; i < n; ++i)
        if (first[i].state == 1) first[i].state = 2;
    } else {
      // Zero bytes are empty slots. Whole pages go back to the kernel (a hole
      // in the shadow file: they read as zeros again through every arena that
      // maps them, and stop being resident); elsewhere only bytes
      // that are not zero are written, so that freeing memory that never
      // held metadata commits no shadow page.
      char* from = reinterpret_cast<char*>(first);
      char* to = from + n * sizeof(Slot);
      constexpr std::uintptr_t Page = 4096;
      auto page_from = (reinterpret_cast<std::uintptr_t>(from) + Page - 1) & ~(Page - 1);
      auto page_to = reinterpret_cast<std::uintptr_t>(to) & ~(Page - 1);
      if (page_to > page_from && page_to - page_from >= 16 * Page &&
          ::madvise(reinterpret_cast<void*>(page_from), page_to - page_from, MADV_REMOVE) == 0) {
        zero_written(from, reinterpret_cast<char*>(page_from));
        zero_written(reinterpret_cast<char*>(page_to), to);
      } else {
        zero_written(from, to);
      }
    }
  }
  static void zero_written(char* from, char* to) {
    static constexpr unsigned char zeros[64] = {};
    for (char* at = from; at < to; at += sizeof(zeros)) {
      std::size_t len =
          static_cast<std::size_t>(to - at) < sizeof(zeros) ? static_cast<std::size_t>(to - at) : sizeof(zeros);
      if (std::memcmp(at, zeros, len) != 0) std::memset(at, 0, len);
    }
  }

  /// The slot for `place`: loads and arithmetic only.
  static CASSETTE_INLINE const Slot& slot(const void* place) {
    return slot_in(layout, reinterpret_cast<std::uintptr_t>(place));
  }
  static CASSETTE_INLINE Slot& slot_creating(void* place) {
    auto a = reinterpret_cast<std::uintptr_t>(place);
    const Layout* l = layout;
    if (l->table[window(l, a)] == 0) [[unlikely]]
      l = make_room(a);
    return const_cast<Slot&>(slot_in(l, a));
  }

  static std::mutex& creation_lock() {
    static std::mutex m;
    return m;
  }
  [[noreturn, gnu::cold]] static void out_of_address_space(const char* what) {
    std::fprintf(stderr, "cassette: shadow store: %s\n", what);
    std::abort();
  }
  static void* reserve(std::size_t bytes, int prot, const char* what) {
    void* p = ::mmap(nullptr, bytes, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) out_of_address_space(what);
    detail::shadow_bytes_counter().fetch_add(bytes, std::memory_order_relaxed);
    return p;
  }
  /// The layout once `a` has a slot: the table and the shadow file are
  /// created on the first write, a window's arena (and the one below it, see
  /// the top) on the first write to the window.
  [[gnu::noinline]] static const Layout* make_room(std::uintptr_t a) {
    std::lock_guard g(creation_lock());
    if (layout == &empty_layout) {
      // The context's copies reach this store from its first write on.
      shadow_registry<C>::add(&copy_range);
      freed_memory::add(&clear_range);
      // Address space only: a page of the table is committed when a window it
      // covers is created; the zero region is only ever read.
      auto* table = static_cast<std::ptrdiff_t*>(
          reserve((Windows + 1) * sizeof(std::ptrdiff_t), PROT_READ | PROT_WRITE, "cannot reserve the window table"));
      auto* zero = static_cast<const Slot*>(reserve(2 * WindowBytes, PROT_READ, "cannot reserve the empty windows"));
      file() = ::memfd_create("cassette-shadow", MFD_CLOEXEC);
      // A region per window and one past the last (the last arena's second half).
      if (file() < 0 || ::ftruncate(file(), off_t((Windows + 1) * WindowBytes)) != 0)
        out_of_address_space("cannot create the shadow file (memfd_create)");
      __atomic_store_n(&layout, new Layout{zero, table, Windows, WindowMask & Element, sizeof(Slot)}, __ATOMIC_RELEASE);
    }
    const Layout* l = layout;
    std::uintptr_t w = window(l, a);
    if (w == l->beyond)
      out_of_address_space("a tagged value stored at or above 2^48 (5-level paging): beyond the shadow's window table");
    if (w > 0) make_arena(l, w - 1);
    make_arena(l, w);
    return l;
  }
  // Window w's arena: the file's regions of windows w and w + 1.
  static void make_arena(const Layout* l, std::uintptr_t w) {
    auto* entry = const_cast<std::ptrdiff_t*>(&l->table[w]);
    if (*entry != 0) return;
    void* arena = ::mmap(nullptr, 2 * WindowBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, file(),
                         off_t(w * WindowBytes));
    if (arena == MAP_FAILED) out_of_address_space("cannot map a shadow window");
    detail::shadow_bytes_counter().fetch_add(2 * WindowBytes, std::memory_order_relaxed);
    __atomic_store_n(entry, static_cast<const char*>(arena) - reinterpret_cast<const char*>(l->zero), __ATOMIC_RELEASE);
  }
  static int& file() {
    static int fd = -1;
    return fd;
  }
};

}  // namespace cassette::rt

namespace cassette {
/// How much address space the shadow stores hold (docs/tagging.md).
using rt::shadow_bytes;
/// Freed memory loses its metadata; custom allocators call clear_freed (docs/tagging.md, Lifetime).
using rt::freed_memory;
}  // namespace cassette
#pragma GCC visibility pop

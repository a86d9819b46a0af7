// The shadow store: metadata of values that live in memory, keyed by address,
// so that no type's layout changes. One store per (context type, value type).
//
// Layout: a direct-mapped table, like a sanitizer's shadow but sparse.
// Application memory is cut into 8 MiB chunks; a chunk that ever held a tagged
// value gets a shadow chunk with one slot per T-sized element (the value as
// stored and its metadata, plus a flag unless the metadata type says its
// default value means "none"). A directory of all chunks below 2^48 (256 MiB
// of address space reserved without backing; a page of it covers 4 GiB)
// finds a slot with two loads (the directory, which a loop keeps, and its
// entry) and no branch on whether the chunk exists: a missing chunk reads as
// a static empty slot. Loads of the store are plain
// loads with no call and no write, so the compiler keeps and reuses what it
// has loaded. Shadow chunks are calloc'd: the kernel commits only the pages
// touched, and zero bytes are empty slots (metadata types that are not
// trivial are constructed in a slot when it is first written). Addresses at
// or above 2^48 (5-level paging with an explicit mmap hint) are beyond the
// directory: loads there find no metadata, and storing a tagged value there
// stops the program with a message (as sanitizers stop on such layouts).
//
// Lifetime: a slot is written when a twin stores a tagged value and cleared
// when a twin stores an untagged one. Memory written by code outside twins
// (a primitive, memcpy, a freed and reused block) does not touch the store;
// a load therefore checks that the memory still holds the value stored with
// the metadata, and otherwise treats the slot as empty, so stale metadata is
// never attached to a different value (a primitive rewriting the same value
// keeps it). Shadow chunks live until exit; `shadow_bytes()` reports their
// size.
//
// Threads: any thread may read and write. The directory and its entries
// change once each, from empty to final, published with release atomics
// under a lock, and are read with plain loads (ordered atomic loads would
// stop the compiler from reusing loads around them): a reader sees either
// the empty state or the final one. Slot updates are plain stores: two
// threads racing on one slot is the program's own data race on that value.
#pragma once

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <type_traits>
#include <vector>

#ifndef CASSETTE_INLINE
#define CASSETTE_INLINE inline __attribute__((always_inline))
#endif

namespace cassette {

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
}  // namespace detail

/// The stores of context type C, so an object's metadata can be copied
/// whatever types its fields have.
template <class C>
struct shadow_registry {
  using copier = void (*)(void* dst, const void* src, std::size_t bytes);
  static std::mutex& lock() {
    static std::mutex m;
    return m;
  }
  static std::vector<copier>& copiers() {
    static std::vector<copier> list;
    return list;
  }
  static void add(copier c) {
    std::lock_guard g(lock());
    copiers().push_back(c);
  }
  /// Copy the metadata of [src, src + bytes) to [dst, dst + bytes), where the
  /// memory at dst holds the same values (a copied object).
  static void copy(void* dst, const void* src, std::size_t bytes) {
    std::vector<copier> list;
    {
      std::lock_guard g(lock());
      list = copiers();
    }
    for (copier c : list) c(dst, src, bytes);
  }
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
enum class slot_kind { unflagged, flagged, constructed };

template <class T, class M, slot_kind K>
struct shadow_slot {
  T value;
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
/// `Flagged`: M's default value is metadata like any other.
template <class C, class T, class M, bool Flagged = true>
class shadow_store {
  static constexpr detail::slot_kind Kind =
      !(std::is_trivially_default_constructible_v<M> && std::is_trivially_copyable_v<M>) ? detail::slot_kind::constructed
      : Flagged                                                                         ? detail::slot_kind::flagged
                                                                                        : detail::slot_kind::unflagged;

 public:
  using Slot = detail::shadow_slot<T, M, Kind>;
  static constexpr unsigned ChunkShift = 23;  // 8 MiB of application memory
  static constexpr unsigned AddressBits = 48;
  static constexpr std::uintptr_t ChunkMask = (std::uintptr_t(1) << ChunkShift) - 1;
  static constexpr std::size_t Chunks = std::size_t(1) << (AddressBits - ChunkShift);
  static constexpr std::size_t SlotsPerChunk = (ChunkMask + sizeof(T)) / sizeof(T);

  /// The metadata stored for `place`, if the memory still holds `current`.
  static CASSETTE_INLINE const M* find(const void* place, const T& current) {
    const Slot& s = slot(place);
    if (!present(s) || !detail::same_bytes(s.value, current)) return nullptr;
    return &s.metadata();
  }
  /// The metadata stored for `place`, or M{} (without a branch, for stores
  /// whose M{} means none).
  static CASSETTE_INLINE M find_or_none(const void* place, const T& current) {
    const Slot& s = slot(place);
    if constexpr (Kind == detail::slot_kind::unflagged) {
      T stored = s.value;
      M meta = s.meta;
      return detail::same_bytes(stored, current) ? meta : M{};
    } else {
      return present(s) && detail::same_bytes(s.value, current) ? s.metadata() : M{};
    }
  }
  static CASSETTE_INLINE void set(void* place, const T& value, const M& meta) {
    Slot& s = slot_creating(place);
    s.value = value;
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
    Slot& s = const_cast<Slot&>(slot(place));
    if (&s == &empty_slot) return;
    if constexpr (Kind == detail::slot_kind::constructed) {
      if (s.state == 1) s.state = 2;
    } else if constexpr (Kind == detail::slot_kind::flagged) {
      s.has = false;
    } else {
      s.meta = M{};
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
  struct Directory {
    std::uintptr_t last;  // the highest chunk number it holds
    Slot** chunks;        // chunks[last + 1] is always null
  };

  // All constant-initialised: usable from any static constructor or
  // destructor, before the first store creates the directory.
  static inline Slot* no_chunks[2] = {nullptr, nullptr};
  static inline Directory empty_directory{0, no_chunks};
  static inline Directory* directory = &empty_directory;
  static inline const Slot empty_slot{};

  static CASSETTE_INLINE bool present(const Slot& s) {
    if constexpr (Kind == detail::slot_kind::flagged) return s.has;
    else if constexpr (Kind == detail::slot_kind::constructed) return s.state == 1;
    else return !(s.meta == M{});  // M{} means none
  }
  // Loads only, and no branch: an address beyond the directory reads its
  // null entry after the last.
  static CASSETTE_INLINE Slot* chunk_of(std::uintptr_t a) {
    const Directory* d = directory;
    std::uintptr_t n = a >> ChunkShift;
    return d->chunks[n <= d->last ? n : d->last + 1];
  }
  static CASSETTE_INLINE std::size_t index(std::uintptr_t a) { return (a & ChunkMask) / sizeof(T); }
  /// The slot for `place`; the empty slot when its chunk has no shadow yet.
  static CASSETTE_INLINE const Slot& slot(const void* place) {
    auto a = reinterpret_cast<std::uintptr_t>(place);
    Slot* chunk = chunk_of(a);
    return chunk ? chunk[index(a)] : empty_slot;
  }
  static CASSETTE_INLINE Slot& slot_creating(void* place) {
    auto a = reinterpret_cast<std::uintptr_t>(place);
    Slot* chunk = chunk_of(a);
    if (!chunk) [[unlikely]] chunk = create_chunk(a);
    return chunk[index(a)];
  }

  static std::mutex& creation_lock() {
    static std::mutex m;
    return m;
  }
  [[noreturn, gnu::cold]] static void out_of_address_space(const char* what) {
    std::fprintf(stderr, "cassette: shadow store: %s\n", what);
    std::abort();
  }
  [[gnu::noinline]] static Slot* create_chunk(std::uintptr_t a) {
    std::lock_guard g(creation_lock());
    // The context's copies reach this store from its first write on.
    static const bool registered = (shadow_registry<C>::add(&copy_range), true);
    (void)registered;
    std::uintptr_t n = a >> ChunkShift;
    if (n >= Chunks)
      out_of_address_space("a tagged value stored at or above 2^48 (5-level paging): beyond the shadow directory");
    if (directory == &empty_directory) {
      // Address space only: a page of the directory is committed when a
      // chunk it covers is created.
      void* table = ::mmap(nullptr, (Chunks + 1) * sizeof(Slot*), PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (table == MAP_FAILED) out_of_address_space("cannot reserve the chunk directory");
      detail::shadow_bytes_counter().fetch_add((Chunks + 1) * sizeof(Slot*), std::memory_order_relaxed);
      __atomic_store_n(&directory, new Directory{Chunks - 1, static_cast<Slot**>(table)}, __ATOMIC_RELEASE);
    }
    Slot** entry = &directory->chunks[n];
    if (!*entry) __atomic_store_n(entry, new_chunk(), __ATOMIC_RELEASE);
    return *entry;
  }
  static Slot* new_chunk() {
    // Zero bytes are empty slots; calloc of this size maps fresh pages.
    auto* chunk = static_cast<Slot*>(std::calloc(SlotsPerChunk, sizeof(Slot)));
    if (!chunk) out_of_address_space("cannot allocate a shadow chunk");
    detail::shadow_bytes_counter().fetch_add(SlotsPerChunk * sizeof(Slot), std::memory_order_relaxed);
    return chunk;
  }
};

}  // namespace cassette

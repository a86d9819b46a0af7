// The shadow store: metadata of values that live in memory, keyed by address,
// so that no type's layout changes. One store per (context type, value type).
//
// Layout: application memory is cut into 4 KiB pages; a page that ever held a
// tagged value gets a shadow page with one slot per T-sized element (the
// value as stored, its metadata, a flag). A per-thread cache of the last page
// makes sequential access (vector elements, struct fields) a compare and an
// index; other pages are found in a hash map under a shared lock.
//
// Lifetime: a slot is written when a twin stores a tagged value and cleared
// when a twin stores an untagged one. Memory written by code outside twins
// (a primitive, memcpy, a freed and reused block) does not touch the store;
// a load therefore checks that the memory still holds the value stored with
// the metadata, and otherwise treats the slot as empty, so stale metadata is
// never attached to a different value (a primitive rewriting the same value
// keeps it). Shadow pages live until exit; `shadow_bytes()` reports their size.
//
// Threads: any thread may read and write; page creation is locked, slot
// updates are plain stores (racing on one slot is the program's own data race
// on that value).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
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

/// Bytes held by all shadow stores of the program.
inline std::size_t shadow_bytes() { return detail::shadow_bytes_counter().load(std::memory_order_relaxed); }

template <class T, class M>
struct shadow_slot {
  T value;
  M meta;
  bool has;
};

/// The store of context type C for values of type T carrying metadata M.
template <class C, class T, class M>
class shadow_store {
 public:
  using Slot = shadow_slot<T, M>;
  static constexpr std::uintptr_t PageBytes = 4096;
  static constexpr std::size_t SlotsPerPage = PageBytes / sizeof(T) ? PageBytes / sizeof(T) : 1;
  struct Page {
    Slot slots[SlotsPerPage];
  };

  /// The slot holding metadata for `place`, if the memory still holds `current`.
  static CASSETTE_INLINE const Slot* find(const void* place, const T& current) {
    Page* p = page(place, false);
    if (!p) return nullptr;
    const Slot& s = p->slots[index(place)];
    if (!s.has || std::memcmp(&s.value, &current, sizeof(T)) != 0) return nullptr;
    return &s;
  }
  static CASSETTE_INLINE void set(void* place, const T& value, const M& meta) {
    Slot& s = page(place, true)->slots[index(place)];
    s.value = value;
    s.meta = meta;
    s.has = true;
  }
  static CASSETTE_INLINE void clear(void* place) {
    if (Page* p = page(place, false)) p->slots[index(place)].has = false;
  }
  /// Metadata of the T-aligned elements of [src, src + bytes), for the same
  /// values now at dst (see shadow_registry::copy).
  static void copy_range(void* dst, const void* src, std::size_t bytes) {
    auto s = reinterpret_cast<std::uintptr_t>(src), d = reinterpret_cast<std::uintptr_t>(dst);
    std::uintptr_t first = (s + alignof(T) - 1) / alignof(T) * alignof(T);
    for (std::uintptr_t at = first; at + sizeof(T) <= s + bytes; at += alignof(T)) {
      void* to = reinterpret_cast<void*>(d + (at - s));
      const Slot* slot = nullptr;
      if (Page* p = page(reinterpret_cast<void*>(at), false)) {
        const Slot& sl = p->slots[index(reinterpret_cast<void*>(at))];
        if (sl.has && std::memcmp(&sl.value, to, sizeof(T)) == 0) slot = &sl;
      }
      if (slot) set(to, slot->value, slot->meta);
      else clear(to);
    }
  }

 private:
  struct Cache {
    std::uintptr_t key = ~std::uintptr_t(0);
    Page* page = nullptr;
    unsigned generation = 0;
  };
  struct Table {
    std::shared_mutex lock;
    std::unordered_map<std::uintptr_t, std::unique_ptr<Page>> pages;
    std::atomic<unsigned> generation{1};
  };
  static Table& table() {
    // Never destroyed: loads may run in static destructors.
    static Table* t = (shadow_registry<C>::add(&copy_range), new Table);
    return *t;
  }
  static CASSETTE_INLINE std::size_t index(const void* place) {
    return (reinterpret_cast<std::uintptr_t>(place) % PageBytes) / sizeof(T);
  }
  static CASSETTE_INLINE Page* page(const void* place, bool create) {
    static thread_local Cache cache;
    std::uintptr_t key = reinterpret_cast<std::uintptr_t>(place) / PageBytes;
    if (key == cache.key) {
      if (cache.page) return cache.page;
      // "No page here" holds until some thread creates a page.
      if (!create && cache.generation == table().generation.load(std::memory_order_acquire)) return nullptr;
    }
    return slow_page(cache, key, create);
  }
  static Page* slow_page(Cache& cache, std::uintptr_t key, bool create) {
    Table& t = table();
    unsigned gen = t.generation.load(std::memory_order_acquire);
    Page* found = nullptr;
    {
      std::shared_lock read(t.lock);
      if (auto it = t.pages.find(key); it != t.pages.end()) found = it->second.get();
    }
    if (!found && create) {
      std::unique_lock write(t.lock);
      auto& slot = t.pages[key];
      if (!slot) {
        slot = std::make_unique<Page>();  // value-initialised: every slot empty
        detail::shadow_bytes_counter().fetch_add(sizeof(Page), std::memory_order_relaxed);
        t.generation.fetch_add(1, std::memory_order_acq_rel);
      }
      found = slot.get();
      gen = t.generation.load(std::memory_order_acquire);
    }
    cache = Cache{key, found, gen};
    return found;
  }
};

}  // namespace cassette

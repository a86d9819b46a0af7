// The deallocation hook: memory the program frees loses its metadata in every
// shadow store, so that a block allocated again at the same address starts
// without any (docs/tagging.md, Lifetime). Link Cassette::deallocation_hook
// into a program that runs tagging contexts.
//
// It replaces the global operator delete (the language allows a program to
// replace it): each form clears the freed bytes and then frees them as
// libstdc++'s own operator delete does, with free(), which its operator new's
// malloc and aligned_alloc pair with. Under AddressSanitizer, whose runtime
// defines operator delete and checks that deallocations match allocations,
// it installs a free hook through the sanitizer's interface instead.
#include <cassette/rt/shadow.hpp>
#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CASSETTE_HOOK_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CASSETTE_HOOK_ASAN 1
#endif

// Referenced by the target's link options, so that linking the static
// library always brings this file in (its static constructor included).
extern "C" const char cassette_deallocation_hook = 0;

#ifdef CASSETTE_HOOK_ASAN
#include <sanitizer/allocator_interface.h>

namespace {
void on_free(const volatile void* place) {
  // Called before the block is released: its size is still known.
  const void* p = const_cast<const void*>(place);
  if (p) cassette::rt::freed_memory::clear_freed(p, __sanitizer_get_allocated_size(p));
}
void on_malloc(const volatile void*, std::size_t) {}  // the interface takes both hooks or neither
[[maybe_unused]] const bool installed = [] {
  if (__sanitizer_install_malloc_and_free_hooks(on_malloc, on_free)) cassette::rt::freed_memory::set_hooked();
  return true;
}();
}  // namespace

#else
#include <malloc.h>

namespace {
void release(void* p, std::size_t bytes) noexcept {
  if (!p) return;
  cassette::rt::freed_memory::clear_freed(p, bytes);
  std::free(p);
}
// Unsized forms: the block's usable size covers the object that was in it.
void release(void* p) noexcept {
  if (p) release(p, malloc_usable_size(p));
}
[[maybe_unused]] const bool installed = [] {
  cassette::rt::freed_memory::set_hooked();
  return true;
}();
}  // namespace

void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t bytes) noexcept { release(p, bytes); }
void operator delete[](void* p, std::size_t bytes) noexcept { release(p, bytes); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t bytes, std::align_val_t) noexcept { release(p, bytes); }
void operator delete[](void* p, std::size_t bytes, std::align_val_t) noexcept { release(p, bytes); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
#endif

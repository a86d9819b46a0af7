// Attributes that name parameters by position count the twin's context
// slot, which comes first: `nonnull(2)` names the same parameter as the
// original's (not the one before it, which the function checks for null),
// `alloc_size(1, 2)` and `alloc_align(2)` the size and alignment parameters
// (named unshifted, they would name the slot, and the twin not compile).
// OUT: pre cells(2, 4)
// OUT-NEXT:   pre std::calloc(2, 4)
// OUT-NEXT:   post std::calloc = ptr
// OUT-NEXT: post cells = ptr
// OUT-NEXT: pre aligned(16, 16)
// OUT-NEXT:   pre std::aligned_alloc(16, 16)
// OUT-NEXT:   post std::aligned_alloc = ptr
// OUT-NEXT: post aligned = ptr
// OUT-NEXT: pre total(_, ptr)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'k'
// OUT-NEXT:   pre ==('k', 'k')
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre +(0, 2)
// OUT-NEXT:   post + = 2
// OUT-NEXT: post total = 2
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre std::free(ptr)
// OUT-NEXT: post std::free = _
// OUT-NEXT: pre std::free(ptr)
// OUT-NEXT: post std::free = _
// OUT-NEXT: result 4 plain 4
#include <cstddef>
#include <cstdlib>

#include "trace_context.hpp"

__attribute__((nonnull(2))) static int total(const char* maybe, const char* s) {
  return (maybe ? 1 : 0) + (s[0] == 'k' ? 2 : 0);
}
// CHECK: __attribute__((nonnull(3))) static int cassette_twin_total(

__attribute__((alloc_size(1, 2))) static void* cells(std::size_t n, std::size_t size) { return std::calloc(n, size); }
// CHECK: __attribute__((alloc_size(2, 3))) static void* cassette_twin_cells(

__attribute__((alloc_align(2))) static void* aligned(std::size_t n, std::size_t align) {
  return std::aligned_alloc(align, n);
}
// CHECK: __attribute__((alloc_align(3))) static void* cassette_twin_aligned(

int use(int x) {
  void* a = cells(2, 4);
  void* b = aligned(16, 16);
  int r = total(nullptr, "k") + x;
  std::free(a);
  std::free(b);
  return r;
}

int main() { return golden::run(CASSETTE_FN(use), 2); }

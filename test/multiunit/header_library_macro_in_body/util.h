// A header of the tree whose inline functions use the C library's macros
// (gflags' src/util.h and mutex.h: assert, errno): every unit expands them
// alike inside these bodies, so the header is rewritten with them expanded
// and what they spell is intercepted.
#pragma once
#include <cassert>
#include <cerrno>

inline int checked_half(int x) {
  assert(x % 2 == 0);
  errno = 0;
  return x / 2;
}

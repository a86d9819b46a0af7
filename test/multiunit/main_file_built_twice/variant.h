// Read by both builds of lib.cpp: the macro one build defines picks the
// namespace and the code (gflags builds gflags.cc with and without
// NO_THREADS, and mutex.h changes with it).
#pragma once
#ifdef LIB_FAST
#define LIB_NS fast
#else
#define LIB_NS plain
#endif

namespace LIB_NS {
inline int step(int x) {
#ifdef LIB_FAST
  return x * 2;
#else
  return x + 1;
#endif
}
}  // namespace LIB_NS

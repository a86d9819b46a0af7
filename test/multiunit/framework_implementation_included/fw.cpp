#if defined(FW_IMPLEMENT) || !defined(FW_SINGLE_HEADER)
// A unit of its own, and included through fw.h by selftest.cpp, which is
// built with FW_DISABLE and with FW_NO_THREADS (doctest's parts/doctest.cpp
// and its all_features/main.cpp). Its first line's #if closes at its end.
// The anchors this unit adds at the end name run_all's twin, which a
// FW_DISABLE build does not see; record's lock takes __COUNTER__ but with
// FW_NO_THREADS, the only build that gives record a twin.
#include <cstdio>

#include "fw_fwd.h"

#define FW_CAT2(a, b) a##b
#define FW_CAT(a, b) FW_CAT2(a, b)
#ifdef FW_NO_THREADS
#define FW_LOCK()
#else
#define FW_LOCK_N(n)       \
  int FW_CAT(lock_, n) = 0; \
  (void)FW_CAT(lock_, n)
#define FW_LOCK() FW_LOCK_N(__COUNTER__)
#endif

namespace fw {
static int total = 0;
int twice(int v) { return v * 2; }
#ifndef FW_DISABLE
int run_all() {
  record(1);
  record(2);
  return total;
}
void record(int v) {
  FW_LOCK();
  total += twice(v);
}
int run() {
  int t = run_all();
  std::printf("total %d\n", t);
  return t;
}
#else
void record(int) {}
int run() { return twice(0); }
#endif
}  // namespace fw
#endif

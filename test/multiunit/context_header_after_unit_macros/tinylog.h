// The tree's logger, configured by the macros a unit defines before it
// includes it (as fmt's FMT_ASSERT is by its tests' test-assert.h).
#pragma once
#include <cstdio>

#ifndef TINYLOG_CHECK
#define TINYLOG_CHECK(condition, message) ((void)0)
#endif

namespace tinylog {
inline int level(int l) {
  TINYLOG_CHECK(l >= 0, "negative level");
  return l;
}
void write(std::FILE* out, const char* text);

// A function template with a local class, instantiated explicitly in
// tinylog.cpp: clang instantiates what the local class calls right there,
// before the end of the unit, Sink<T>::put included (fmt's vformat_to).
template <class T>
struct Sink {
  T total{};
  void put(T v) { total += v; }
};
template <class T>
T drain(T v) {
  struct Handler {
    Sink<T> sink;
    T on(T x) {
      sink.put(x);
      sink.put(x);
      return sink.total;
    }
  };
  return Handler().on(v);
}
extern template int drain<int>(int);
}  // namespace tinylog

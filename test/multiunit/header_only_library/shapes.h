// A header-only library in the stb style: declarations for every unit, the
// definitions only where SHAPES_IMPLEMENTATION is defined, its own macros,
// and a configuration macro that changes a typedef (so one call resolves to
// different overloads in different units).
#pragma once
#include <cmath>

#ifdef SHAPES_USE_DOUBLE
typedef double real_t;
#else
typedef float real_t;
#endif

// Expands its argument twice: the comparisons it spells are rewritten only
// once the use is replaced by its expansion (in this header, for every unit).
#define IS_SMALL(x) ((x) > -2 && (x) < 2)

namespace shapes {
// Internal to each unit, float in one and double in the other: std::sqrt is
// std::sqrt(float) in one and sqrt(double) in the other.
static real_t length(real_t x, real_t y) { return std::sqrt(x * x + y * y); }

int clamp_small(int v);
}  // namespace shapes

#ifdef SHAPES_IMPLEMENTATION
namespace shapes {
// Defined in the header, compiled by impl.cpp only: its twin is anchored
// there, and main.cpp reaches it.
int clamp_small(int v) {
  if (IS_SMALL(v)) return 0;
  return v;
}
}  // namespace shapes
#endif

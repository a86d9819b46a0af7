// Built twice, as snappy.cc is (the shared library with -DHAVE_CONFIG_H,
// the static one without): the attribute macro on its own line is empty in
// one build, so each build writes the twin's declaration at another place.
#include "inline_hints.h"

namespace LIB_NS {
namespace {
LIB_ALWAYS_INLINE
static inline int extend(int pattern, int times) {
  int s = 0;
  for (int i = 0; i < times; ++i) s = s * 10 + pattern;
  return s;
}
}  // namespace

LIB_ALWAYS_INLINE
inline int advance(int at) { return at + 2; }

int decode(int n) {
  int total = 0;
  for (int at = 0; at < n; at = advance(at)) total += extend(at % 3 + 1, 2);
  return total;
}
}  // namespace LIB_NS

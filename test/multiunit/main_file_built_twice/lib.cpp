// Compiled twice, with and without LIB_FAST: each object defines its own
// namespace's work, and the program links both.
#include "variant.h"

namespace LIB_NS {
int work(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s = step(s + i);
#ifdef LIB_FAST
  s = -s;
#endif
  return s;
}
}  // namespace LIB_NS

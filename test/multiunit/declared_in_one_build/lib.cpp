// Built twice, with FEATURE=1 and without: only the first defines restore.
#include "api.h"

namespace LIB_NS {
int base_op(int x) { return x + 1; }
}  // namespace LIB_NS

#if FEATURE
void restore(int** p) {
  if (*p) **p = LIB_NS::base_op(**p) * 2;
}
#endif

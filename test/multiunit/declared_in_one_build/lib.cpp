// Built twice, with FEATURE=1 and without: only the first defines restore.
// Its call of base_op is spelled through LIB_NS, a macro only that build
// expands there: expanded under that build's condition, the call is hooked
// (with_feature::base_op counts 2 calls, this one and main's).
#include "api.h"

namespace LIB_NS {
int base_op(int x) { return x + 1; }
}  // namespace LIB_NS

#if FEATURE
void restore(int** p) {
  if (*p) **p = LIB_NS::base_op(**p) * 2;
}
#endif

#include "conv-inl.h"

namespace conv {
template double half<double>(double);
}  // namespace conv

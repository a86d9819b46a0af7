// The shapes of the virtual-call kernel, for the variants that run the
// original kernels. Compiled with the variant's instrumentation, like
// kernels.cpp: Rect::area and Disk::area are emitted here.
#include "variant.hpp"

namespace variant {
std::unique_ptr<kernels::Shape> make_shape(int i) {
  if (i % 2) return std::make_unique<kernels::Rect>(i % 7, i % 5);
  return std::make_unique<kernels::Disk>(i % 3);
}
}  // namespace variant

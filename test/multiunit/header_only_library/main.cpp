#define SHAPES_USE_DOUBLE
#include <cstdio>

#include "shapes.h"

float impl_length();

int main() {
  std::printf("%d %d %g %g\n", shapes::clamp_small(1), shapes::clamp_small(5), impl_length(), shapes::length(6, 8));
  return 0;
}

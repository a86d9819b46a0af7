#include <cstdio>

#include "shape.h"

int main() {
  Square sq(3);
  const Shape& s = sq;
  std::printf("%d %d\n", s.area(1), legacy_area(sq));
  return 0;
}

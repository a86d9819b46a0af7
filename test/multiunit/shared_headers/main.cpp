#define GEOMETRY_WITH_CIRCLE
#include <cstdio>

#include "util.hpp"

int main() {
  Rect r(2, 3);
  Circle c(1);
  std::vector<const Shape*> shapes{&r, &c};
  double total = sum_areas(shapes) + square(1.5);
  std::printf("%.2f %d\n", total, checksum(5));
  return 0;
}

#include <cstdio>

#include "shapes.h"

int legacy_area();
const Shape& legacy_shape();
extern "C" int c_caller();

int main() {
  int a = area(2, 3) + area(1, 1);
  std::printf("%d %d %d %d\n", a, legacy_area(), total(legacy_shape()), c_caller());
  return a == 7 ? 0 : 1;
}

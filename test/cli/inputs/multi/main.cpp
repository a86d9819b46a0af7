#include <cstdio>

#include "shapes.h"

#ifdef CLI_EXTRA
int extra_only(int x) { return x + CLI_EXTRA; }
#endif

int report(int w, int h) {
  std::printf("area %d perimeter %d scaled %d\n", area(w, h), perimeter(w, h), scaled_area(w, h));
  return area(w, h) + perimeter(w, h);
}

int main() {
  int total = 0;
  for (int i = 1; i <= 3; ++i) total += report(i, i + 1);
  std::printf("total %d\n", total);
  return total % 7;
}

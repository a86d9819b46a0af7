#include <cstdio>
#define SQUARES
#include "geometry.h"
int rect(int w, int h);
int main() {
  std::printf("%d %d\n", area(3, 4), rect(3, 4));
  return 0;
}

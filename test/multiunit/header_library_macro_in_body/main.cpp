#include <cstdio>

#include "util.h"

int quarter(int x);

int main() {
  std::printf("%d %d\n", quarter(12), checked_half(10));
  return 0;
}

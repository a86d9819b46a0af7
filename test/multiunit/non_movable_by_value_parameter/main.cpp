#include <cstdio>

#include "pinned.h"

int main() {
  int (*fp)(Pinned) = &val;
  std::printf("%d %d\n", val(Pinned(3)), fp(Pinned(4)));
  return 0;
}

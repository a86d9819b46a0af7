#include <cstdio>

#include "vec.h"

int forced();

int main() {
  plain::vec<int> v(3);
  plain::vec<int> w(v);
  std::printf("%d %d\n", w.x, forced());
  return 0;
}

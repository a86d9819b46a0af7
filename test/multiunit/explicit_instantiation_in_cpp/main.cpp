#include <cstdio>

#include "m.h"

int main() {
  double q = M::quad(1.5);
  double s = six(1.0);
  std::printf("%g %g\n", q, s);
  return q == 6.0 ? 0 : 1;
}

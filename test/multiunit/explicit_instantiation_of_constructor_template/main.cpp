#include <cstdio>

#include "r.h"

int main() {
  Ref three(Scale{-3.0});
  double a = three.apply(2.0);
  double b = Ref::twice().apply(5.0);
  std::printf("%g %g\n", a, b);
  return a == 6.0 && b == 10.0 ? 0 : 1;
}

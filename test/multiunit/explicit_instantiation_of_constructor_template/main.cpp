#include <cstdio>

#include "r.h"

int main() {
  Ref three(Scale{-3.0});
  double a = three.apply(2.0);
  double b = Ref::twice().apply(5.0);
  double c = scaled_by(Scale{4.0}, 0.5);
  std::printf("%g %g %g\n", a, b, c);
  return a == 6.0 && b == 10.0 && c == 2.0 ? 0 : 1;
}

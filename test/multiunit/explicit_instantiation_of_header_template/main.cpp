#include <cstdio>

#include "conv.h"

int main() {
  double a = conv::apply(3.0);
  std::printf("%g\n", a);
  return a == 2.5 ? 0 : 1;
}

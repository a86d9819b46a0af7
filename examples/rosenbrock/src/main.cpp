#include <cstdio>

#include "rosenbrock.hpp"

int main() {
  std::printf("rosenbrock = %.17g\n", rosenbrock({0.5, 0.8}));
  return 0;
}

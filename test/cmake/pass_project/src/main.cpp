#include <cstdio>

#include "calc.hpp"

int main() {
  std::printf("twice(21) = %d\n", twice(21));
  return 0;
}

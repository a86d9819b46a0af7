#include <cstdio>
#define SYS(call) mock::call
#include "io.cpp"

int main() {
  std::printf("%d\n", read_twice(3));
  return 0;
}

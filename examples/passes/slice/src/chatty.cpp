// Cassette's `foo`, which prints as it goes.
#include "chatty.hpp"

#include <cstdio>

namespace chatty {

int foo(int x) {
  std::printf("hello from foo\n");
  int y = x + 1;
  std::printf("y = %d\n", y);
  int z = y * 2;
  std::printf("z = %d\n", z);
  return z;
}

int bar(int x) {
  int a = foo(x);
  std::printf("bar got %d\n", a);
  return a + foo(a);
}

}  // namespace chatty

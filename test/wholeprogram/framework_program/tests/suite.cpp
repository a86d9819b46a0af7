// The project's tests, under --root: no main of their own. Every function
// here is entered from the framework (a virtual call, a function pointer),
// so in whole-program mode each runs its twin under the context.
#include <cstdio>

#include "fw.hpp"

int square(int x) { return x * x; }
int square_of_two(int) { return square(2); }  // unnamed parameter

struct Sums : fw::Test {  // written out: its Body has a twin
  void Body() override { std::printf("%d\n", square(3) + square(4) + fw::apply(square_of_two, 1)); }
};
static Sums sums;
static fw::Registrar sums_registrar(&sums);

FW_TEST(Macro) {  // the macro declares Body in its class: the body runs as a lambda under the context
  std::printf("%d\n", fw::apply(square, 5));
}

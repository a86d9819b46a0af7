// The project's tests, under --root: no main of their own. Every function
// here is entered from the framework (a virtual call, a function pointer),
// so in whole-program mode each runs its twin under the context.
#include <cstdio>

#include "fw.hpp"

int square(int x) { return x * x; }
int square_of_two(int) { return square(2); }  // unnamed parameter

struct Visitor {
  virtual ~Visitor() = default;
  virtual int visit(int x) { return x; }
};
int accept(Visitor& v) { return v.visit(2); }  // a virtual call in a twin

struct Sums : fw::Test {  // written out: its Body has a twin
  void Body() override {
    std::printf("%d\n", square(3) + square(4) + fw::apply(square_of_two, 1));
    // A local class has no twins and no thunks: the virtual call reaches its
    // override as written, not Visitor::visit's twin.
    struct Doubling : Visitor {
      int visit(int x) override { return 2 * x; }
    } doubling;
    std::printf("%d\n", accept(doubling));
  }
};
static Sums sums;
static fw::Registrar sums_registrar(&sums);

FW_TEST(Macro) {  // the macro declares Body in its class: the body runs as a lambda under the context
  std::printf("%d\n", fw::apply(square, 5));
}

// An ordinary program: its main is run under a context in whole-program mode.
#include <cstdio>
#include <cstdlib>

#include "shapes.hpp"

static int counter = 0;
static int next_id() { return ++counter; }
static int initial = next_id();  // a static initialiser: next_id runs its twin under the context

int main(int argc, char** argv) {
  Square a(2), b(3);
  const Shape* all[] = {&a, &b};
  double (Square::*measure)() const = &Square::perimeter;  // defined in the other unit
  std::printf("%s total %g perimeter %g args %d initial %d\n", a.name().c_str(), total(all, 2), (b.*measure)(), argc,
              initial);
  if (argc > 2) std::exit(3);  // exit() still writes the context's results
  (void)argv;
}

// A unit of its own (the library) that the test program also includes, as
// cJSON's tests include ../cJSON.c to reach its static functions: the
// rewritten file's anchors come into the test's unit beside the test's own.
#include "library.h"

static int square(int x) { return x * x; }

int Accumulator::add(int x) {
  total_ += square(x);
  return total_;
}

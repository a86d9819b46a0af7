// A unit of its own (the library) that the test program also includes, as
// cJSON's tests include ../cJSON.c to reach its static functions: the
// rewritten file's anchors come into the test's unit beside the test's own.
// Its macro use expands alike in both units, so it is expanded in the one
// text both read (the counts see square's calls through ADD_SQUARE).
#include "library.h"

static int square(int x) { return x * x; }
#define ADD_SQUARE(to, x) to += square(x)

int Accumulator::add(int x) {
  ADD_SQUARE(total_, x);
  return total_;
}

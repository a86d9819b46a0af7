// Built as C++03, and not valid C++17 (`register`): cassette-rewrite passes
// it through as written, and it reads the rewritten shape.h.
#include "shape.h"

int legacy_area(const Shape& s) {
  register int scale = 2;
  return s.area(scale);
}

// Runs shapes::total_area under a context that names the pass, then under
// one that does not: only the first sees signatures.
#include <cstdio>

#include "contexts.hpp"
#include "shapes.hpp"

int main() {
  shapes::Rect r{2, 3};
  SignaturesCtx seen;
  double a = cassette::overdub(seen, CASSETTE_FN_IN(shapes, total_area), r, 1.0, 2);
  std::printf("total %g\n", a);
  PlainCtx plain;
  double b = cassette::overdub(plain, CASSETTE_FN_IN(shapes, total_area), r, 1.0, 2);
  std::printf("total %g without the pass\n", b);
  return a == b ? 0 : 1;
}

// loops::grid under a context that counts loop iterations, per loop.
#include <cstdio>

#include "contexts.hpp"
#include "loops.hpp"

int main() {
  LoopCtx ctx;
  long r = cassette::overdub(ctx, CASSETTE_FN_IN(loops, grid), 3, 4);
  std::printf("grid(3, 4) = %ld\n", r);
  ctx.print();
  return r == loops::grid(3, 4) ? 0 : 1;
}

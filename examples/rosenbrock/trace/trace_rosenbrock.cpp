// Runs the rewritten rosenbrock under PrintCtx: the seeds' first example.
#include <cstdio>
#include <vector>

#include "print_context.hpp"
#include "rosenbrock.hpp"

int main() {
  std::vector<double> x{0.5, 0.8};
  PrintCtx ctx;
  double traced = cassette::overdub(ctx, CASSETTE_FN(rosenbrock), x);
  std::fputs(ctx.out.c_str(), stdout);
  double plain = rosenbrock(x);
  std::printf("result %.17g (plain call %.17g, %s)\n", traced, plain, traced == plain ? "identical" : "DIFFERENT");
  return traced == plain ? 0 : 1;
}

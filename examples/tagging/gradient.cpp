// Forward-mode AD of unmodified code: the gradient of rosenbrock and the
// derivative of a physics step's energy, checked against analytic results.
#include <cmath>
#include <cstdio>
#include <vector>

#include "forward_ad.hpp"
#include "numerics.hpp"  // the rewritten header

using AD = fad::Context<>;

int main() {
  AD ctx;
  // rosenbrock: one forward pass per input direction e_k gives d/dx_k. The
  // seed is set for every element: metadata belongs to the memory until
  // it is overwritten (docs/tagging.md, lifetime).
  std::vector<double> x{-1.2, 1.0, 0.5, 2.0};
  int failures = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    std::vector<double> in = x;
    for (std::size_t j = 0; j < in.size(); ++j) cassette::tag_in_place(ctx, in[j], j == k ? 1.0 : 0.0);
    auto r = cassette::overdub(ctx, CASSETTE_FN(rosenbrock), in);
    double analytic = 0;
    if (k + 1 < x.size()) analytic += -400 * x[k] * (x[k + 1] - x[k] * x[k]) - 2 * (1 - x[k]);
    if (k > 0) analytic += 200 * (x[k] - x[k - 1] * x[k - 1]);
    double ad = cassette::metadata_or(r, ctx, 0.0);
    failures += std::fabs(ad - analytic) > 1e-9 * (1 + std::fabs(analytic));
    std::printf("d rosenbrock / d x%zu = %.6f (analytic %.6f)\n", k, ad, analytic);
  }
  std::printf("rosenbrock = %.6f\n", cassette::untag(cassette::overdub(ctx, CASSETTE_FN(rosenbrock), x)));

  // The energy after one step, differentiated w.r.t. the time step dt.
  auto energy_after = [](double dt) {
    std::vector<Body> bodies{{1, 0, 0, 1, 1}, {0, 2, -0.5, 0, 2}};
    return step(bodies, dt);
  };
  std::vector<Body> bodies{{1, 0, 0, 1, 1}, {0, 2, -0.5, 0, 2}};
  double dt = 0.01;
  auto e = cassette::overdub(ctx, CASSETTE_FN(step), bodies, cassette::tag(dt, ctx, 1.0));
  double h = 1e-6;
  double central = (energy_after(dt + h) - energy_after(dt - h)) / (2 * h);
  double de = cassette::metadata_or(e, ctx, 0.0);
  failures += std::fabs(de - central) > 1e-6;
  std::printf("energy after step = %.9f, d/d dt = %.6f (central difference %.6f)\n", cassette::untag(e), de, central);
  std::printf("body 0 position x after the step carries d/d dt = %.6f\n",
              *cassette::metadata_in_place(ctx, bodies[0].x));
  std::printf("%s\n", failures ? "MISMATCH" : "all derivatives match");
  return failures;
}

// The computation graphs of two unmodified functions, extracted by running
// them under cassette::GraphCtx (docs/graph.md): written as Graphviz dot and
// replayed on new inputs without the program, bit for bit what calling the
// function gives, until a branch would go the other way.
#include <cassette/contexts/graph.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "model.hpp"  // the rewritten header

static bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  int failures = 0;

  // rosenbrock of four inputs, which live in a vector it reads by reference.
  cassette::Graph rg;
  cassette::GraphCtx rc(rg);
  std::vector<double> x{-1.2, 1.0, 0.5, 2.0};
  for (std::size_t i = 0; i < x.size(); ++i) rc.input_in_place(x[i], "x" + std::to_string(i));
  auto r = cassette::overdub(rc, CASSETTE_FN(rosenbrock), x);
  rc.output(r, "rosenbrock");
  std::printf("rosenbrock(-1.2, 1, 0.5, 2) = %.17g: %zu nodes\n", cassette::untag(r), rg.nodes().size());
  if (!rg.write_dot(dir + "/rosenbrock.dot")) ++failures;
  for (const std::vector<double>& in : {std::vector<double>{0.3, -0.7, 1.9, 0.01}, std::vector<double>{1, 1, 1, 1}}) {
    cassette::Replay again = rg.replay({in[0], in[1], in[2], in[3]});
    double direct = rosenbrock(in);
    bool same = again.ok() && same_bits(again.outputs[0].as<double>(), direct);
    failures += !same;
    std::printf("replay(%g, %g, %g, %g) = %.17g, the function %.17g: %s\n", in[0], in[1], in[2], in[3],
                again.outputs[0].as<double>(), direct, same ? "identical" : "DIFFERENT");
  }

  // huber_loss: which branch each sample took is part of the graph.
  cassette::Graph hg;
  cassette::GraphCtx hc(hg);
  std::vector<Sample> samples{{0, 1.0}, {1, 2.5}, {2, 7.0}};
  auto a = hc.input(2.0, "a");
  auto b = hc.input(0.5, "b");
  auto loss = cassette::overdub(hc, CASSETTE_FN(huber_loss), samples, a, b, 1.0);
  hc.output(loss, "loss");
  std::printf("huber_loss(a=2, b=0.5) = %.17g: %zu nodes\n", cassette::untag(loss), hg.nodes().size());
  if (!hg.write_dot(dir + "/huber_loss.dot")) ++failures;
  for (auto [na, nb] : {std::pair{2.2, 0.4}, std::pair{0.5, 0.5}}) {
    cassette::Replay again = hg.replay({na, nb});
    double direct = huber_loss(samples, na, nb, 1.0);
    if (again.ok()) {
      bool same = same_bits(again.outputs[0].as<double>(), direct);
      failures += !same;
      std::printf("replay(a=%g, b=%g) = %.17g, the function %.17g: %s\n", na, nb, again.outputs[0].as<double>(),
                  direct, same ? "identical" : "DIFFERENT");
    } else {
      std::printf("replay(a=%g, b=%g): %s (the function gives %.17g)\n", na, nb, again.diverged.c_str(), direct);
    }
  }
  std::printf("%s\n", failures ? "MISMATCH" : "every replay matches the function");
  return failures;
}

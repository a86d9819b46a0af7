// Cassette's documented examples, each run under its context. `examples NAME`
// prints what the example shows; the tests compare it with expected/NAME.txt.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "contexts.hpp"
#include "numbers.hpp"

namespace {

int print_prehook() {
  docs::PrintCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, divide), 1, 2);
  std::printf("%s\n", docs::show(r).c_str());
  return 0;
}

int print_posthook() {
  docs::PostPrintCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, divide), 1, 2);
  std::printf("%s\n", docs::show(r).c_str());
  return 0;
}

int count() {
  // Only calls whose arguments are all double are counted: the two
  // conversions take an int, the division takes two doubles.
  docs::CountCtx<docs::Count<double>> ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, divide), 1, 2);
  std::printf("%s\ncount %d\n", docs::show(r).c_str(), ctx.metadata.count);
  return 0;
}

int count_metadata() {
  // The same program, a context whose metadata type is Count<int>: now the
  // two calls with one int argument are the ones counted.
  docs::CountCtx<docs::Count<int>> ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, divide), 1, 2);
  std::printf("%s\ncount %d\n", docs::show(r).c_str(), ctx.metadata.count);
  return 0;
}

int accum() {
  docs::AccumCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, divide), 1, 2);
  std::printf("%s\nsum of outputs %s\n", docs::show(r).c_str(), docs::show(ctx.metadata.x).c_str());
  return 0;
}

int sin_cos() {
  docs::SinCtx ctx;
  double x = 0.7;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, sin_plus_cos), x);
  std::printf("sin(x) + cos(x) under SinCtx = %s\n2 * cos(x) = %s\n%s\n", docs::show(r).c_str(),
              docs::show(2 * std::cos(x)).c_str(), r == 2 * std::cos(x) ? "identical" : "DIFFERENT");
  return r == 2 * std::cos(x) ? 0 : 1;
}

int memo_fib() {
  docs::MemoCtx ctx;
  long r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, fib), 40) + 20;
  std::printf("fib(40) + 20 = %ld\ncache holds %zu values: fib(0)..fib(%d)\n", r, ctx.cache.size(),
              ctx.cache.rbegin()->first);
  for (auto [n, v] : ctx.cache)
    if (v != numbers::fib(n)) return 1;
  return r == 102334175 ? 0 : 1;
}

int call_tree() {
  docs::TreeCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, g), 2.0);
  std::printf("%s\n", docs::show(r).c_str());
  return 0;
}

// Prints a trace as Cassette's README writes it: `args => subtrace`.
void print_trace(const std::vector<docs::TraceNode>& trace, int depth) {
  std::printf("Any[%s", trace.empty() ? "" : "\n");
  for (const docs::TraceNode& n : trace) {
    std::printf("%*s%s => ", 2 * depth + 2, "", n.args.c_str());
    print_trace(n.subtrace, depth + 1);
    std::printf("\n");
  }
  std::printf("%*s]", trace.empty() ? 0 : 2 * depth, "");
}

int trace() {
  // trace = Any[]; Cassette.overdub(TraceCtx(metadata = trace), f, x, y, z)
  std::vector<docs::TraceNode> trace;
  docs::TraceCtx ctx;
  ctx.metadata = &trace;
  double x = 2, y = 3, z = 4;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(numbers, f), x, y, z);
  std::printf("f(x, y, z) = %s\ntrace == ", docs::show(r).c_str());
  print_trace(trace, 0);
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  struct {
    const char* name;
    int (*run)();
  } all[] = {{"print_prehook", print_prehook}, {"print_posthook", print_posthook}, {"count", count},
             {"count_metadata", count_metadata}, {"accum", accum},             {"sin_cos", sin_cos},
             {"memo_fib", memo_fib},           {"call_tree", call_tree},
             {"trace", trace}};
  for (auto& e : all)
    if (argc == 2 && std::strcmp(argv[1], e.name) == 0) return e.run();
  std::fprintf(stderr, "usage: %s EXAMPLE\nexamples:", argv[0]);
  for (auto& e : all) std::fprintf(stderr, " %s", e.name);
  std::fprintf(stderr, "\n");
  return 2;
}

// Runs one kernel RUNS times (default 1) and prints "SECONDS COUNT": the
// fastest run's wall time (the machine is shared: the minimum is the run least
// disturbed by others) and the calls the variant counted during one run.
// Usage: bench_count_VARIANT fib|rosenbrock|virtual|map SCALE [RUNS]
//   SCALE 0: smoke, 1: the counting table, 2: the tracing table (smaller).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include "variant.hpp"

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: %s fib|rosenbrock|virtual|map SCALE [RUNS]\n", argv[0]);
    return 2;
  }
  const char* kernel = argv[1];
  int scale = std::atoi(argv[2]);
  int runs = argc == 4 ? std::atoi(argv[3]) : 1;
  auto pick = [&](int smoke, int full, int trace) { return scale == 0 ? smoke : scale == 1 ? full : trace; };

  std::vector<double> x;
  std::vector<std::unique_ptr<kernels::Shape>> shapes;
  int reps = pick(1, 3, 1);
  if (!std::strcmp(kernel, "rosenbrock")) {
    x.resize(static_cast<std::size_t>(pick(1000, 1000000, 10000)));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.001 * static_cast<double>(i % 2000);
  } else if (!std::strcmp(kernel, "virtual")) {
    for (int i = 0; i < pick(100, 200000, 10000); ++i) shapes.push_back(variant::make_shape(i));
  } else if (std::strcmp(kernel, "fib") && std::strcmp(kernel, "map")) {
    std::fprintf(stderr, "%s: unknown kernel %s\n", argv[0], kernel);
    return 2;
  }
  // Untimed: a first call into the instrumented code, so that a peer's
  // one-time set-up (uftrace's per-thread buffers) is not charged to the kernel.
  benchmark::DoNotOptimize(variant::make_shape(0));
  double best = 0;
  long long count = 0;
  for (int run = 0; run < runs; ++run) {
    std::map<int, long> m;
    variant::start();
    auto t0 = std::chrono::steady_clock::now();
    if (!std::strcmp(kernel, "fib")) {
      benchmark::DoNotOptimize(variant::fib(pick(15, 32, 25)));
    } else if (!std::strcmp(kernel, "rosenbrock")) {
      for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(variant::rosenbrock(x));
    } else if (!std::strcmp(kernel, "virtual")) {
      for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(variant::total_area(shapes));
    } else {
      benchmark::DoNotOptimize(variant::map_updates(m, pick(1000, 200000, 20000)));
    }
    variant::finish();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (run == 0 || s < best) best = s;
    count = variant::count();
  }
  std::printf("%.6f %lld\n", best, count);
  return 0;
}

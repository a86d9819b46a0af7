// Empty context vs the original, measured side by side in one run: for each
// kernel, original and overdubbed runs alternate (in both orders), ROUNDS times each, and the
// table reports the medians and their ratio.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "contexts.hpp"
#include "kernels.hpp"
#include "timing.hpp"

namespace {

using bench::median;
using bench::seconds;

struct Kernel {
  std::string name;
  std::function<void()> original, overdubbed;
};

}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
  int scale = argc > 2 ? std::atoi(argv[2]) : 1;  // 0 for a smoke run
  bench::EmptyCtx ctx;

  std::vector<double> x(scale ? 1000000 : 1000);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.001 * static_cast<double>(i % 2000);
  std::vector<std::unique_ptr<kernels::Shape>> shapes;
  for (int i = 0; i < (scale ? 200000 : 100); ++i) {
    if (i % 2) shapes.push_back(std::make_unique<kernels::Rect>(i % 7, i % 5));
    else shapes.push_back(std::make_unique<kernels::Disk>(i % 3));
  }
  int fib_n = scale ? 35 : 15;
  int map_n = scale ? 2000000 : 1000;
  int reps = scale ? 10 : 1;
  int dot_n = scale ? 10000000 : 1000;
  std::array<double, 8> arr_a{}, arr_b{};
  for (std::size_t i = 0; i < arr_a.size(); ++i) {
    arr_a[i] = 0.5 * static_cast<double>(i);
    arr_b[i] = 1.0 - 0.1 * static_cast<double>(i);
  }
  std::vector<kernels::Vec2> points(x.size());
  for (std::size_t i = 0; i < points.size(); ++i) points[i] = {x[i], 1.0 - x[i]};

  std::vector<Kernel> all = {
      {"fib(" + std::to_string(fib_n) + ")",
       [&] { benchmark::DoNotOptimize(kernels::fib(fib_n)); },
       [&] { benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, fib), fib_n)); }},
      {"rosenbrock(" + std::to_string(x.size()) + ") x" + std::to_string(reps),
       [&] { for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(kernels::rosenbrock(x)); },
       [&] {
         for (int r = 0; r < reps; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, rosenbrock), x));
       }},
      {"virtual area() x" + std::to_string(shapes.size()) + " x" + std::to_string(reps),
       [&] { for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(kernels::total_area(shapes)); },
       [&] {
         for (int r = 0; r < reps; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, total_area), shapes));
       }},
      {"rosenbrock with a helper(" + std::to_string(x.size()) + ") x" + std::to_string(reps),
       [&] { for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(kernels::rosenbrock_helper(x)); },
       [&] {
         for (int r = 0; r < reps; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, rosenbrock_helper), x));
       }},
      {"sum of squares through a reference(" + std::to_string(x.size()) + ") x" + std::to_string(reps),
       [&] { for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(kernels::sum_squares_ref(x)); },
       [&] {
         for (int r = 0; r < reps; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, sum_squares_ref), x));
       }},
      {"dot of std::array<double, 8> x" + std::to_string(dot_n),
       [&] {
         for (int r = 0; r < dot_n; ++r) benchmark::DoNotOptimize(kernels::dot_array(arr_a, arr_b));
       },
       [&] {
         for (int r = 0; r < dot_n; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, dot_array), arr_a, arr_b));
       }},
      {"Vec2::dot over " + std::to_string(points.size()) + " x" + std::to_string(reps),
       [&] { for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(kernels::path_energy(points)); },
       [&] {
         for (int r = 0; r < reps; ++r)
           benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, path_energy), points));
       }},
      {"std::map updates x" + std::to_string(map_n),
       [&] { std::map<int, long> m; benchmark::DoNotOptimize(kernels::map_updates(m, map_n)); },
       [&] {
         std::map<int, long> m;
         benchmark::DoNotOptimize(cassette::overdub(ctx, CASSETTE_FN_IN(kernels, map_updates), m, map_n));
       }},
  };

  std::printf("| kernel | original (ms) | empty context (ms) | ratio |\n|---|---|---|---|\n");
  for (const Kernel& k : all) {
    std::vector<double> a, b;
    k.original();  // warm up
    k.overdubbed();
    // Alternate which one goes first, so neither always pays for a cold
    // cache or a fresh heap.
    for (int r = 0; r < rounds; ++r) {
      if (r % 2) {
        b.push_back(seconds(k.overdubbed));
        a.push_back(seconds(k.original));
      } else {
        a.push_back(seconds(k.original));
        b.push_back(seconds(k.overdubbed));
      }
    }
    double ma = median(a), mb = median(b);
    std::printf("| %s | %.2f | %.2f | %.3fx |\n", k.name.c_str(), 1e3 * ma, 1e3 * mb, mb / ma);
  }
  return 0;
}

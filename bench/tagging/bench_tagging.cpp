// Tagging cost, measured in one run (alternating, median of ROUNDS):
//   forward-mode AD of rosenbrock (1e6 elements, all inputs seeded through
//   the shadow store) vs the same code on a hand-written dual struct;
//   taint tracking of the same std::vector program vs the original;
//   the shadow store's memory vs the input's: resident (what seeding the
//   input commits) and reserved (address space, committed only where touched).
// Usage: bench_tagging ROUNDS N   (BENCH_NS=1: also the medians in ns per
// element on stderr, for looking at one run; compare ratios, not times)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include <unistd.h>

#include "contexts.hpp"
#include "dual.hpp"
#include "numerics.hpp"  // the rewritten examples/tagging/src
#include "../timing.hpp"

namespace {
using bench::median;
using bench::seconds;
volatile double sink;

// Resident set size of this process, from /proc/self/statm.
std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  unsigned long pages = 0, resident = 0;
  if (f) {
    if (std::fscanf(f, "%lu %lu", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}
}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  std::size_t n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1000000;
  const int reps = 10;
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = 0.5 + 0.001 * double(i % 1000);
  std::vector<Dual> xd(n);
  for (std::size_t i = 0; i < n; ++i) xd[i] = {x[i], 1.0};

  fad::Context<> ad;
  std::vector<double> xa = x;
  std::size_t before = cassette::shadow_bytes(), rss_before = resident_bytes();
  for (double& e : xa) cassette::tag_in_place(ad, e, 1.0);
  std::size_t ad_bytes = cassette::shadow_bytes() - before, ad_rss = resident_bytes() - rss_before;
  taint::Context tc;
  std::vector<double> xt = x;
  before = cassette::shadow_bytes();
  rss_before = resident_bytes();
  for (std::size_t i = 0; i < n; ++i) cassette::tag_in_place(tc, xt[i], taint::Labels{1} << (i % 64));
  std::size_t taint_bytes = cassette::shadow_bytes() - before, taint_rss = resident_bytes() - rss_before;

  // The results agree before anything is timed.
  auto ra = cassette::overdub(ad, CASSETTE_FN(rosenbrock), xa);
  Dual rd = rosenbrock_dual(xd);
  auto rt = cassette::overdub(tc, CASSETTE_FN(rosenbrock), xt);
  if (ra.value != rd.v || *cassette::metadata(ra, ad) != rd.d || rt.value != rosenbrock(x)) {
    std::printf("MISMATCH ad %.17g/%.17g dual %.17g/%.17g\n", ra.value, *cassette::metadata(ra, ad), rd.v, rd.d);
    return 1;
  }

  std::vector<double> t_native, t_dual, t_ad, t_taint;
  for (int r = 0; r < rounds; ++r) {
    bool flip = r % 2;
    auto native = [&] { t_native.push_back(seconds([&] { for (int k = 0; k < reps; ++k) sink = rosenbrock(x); })); };
    auto dual = [&] { t_dual.push_back(seconds([&] { for (int k = 0; k < reps; ++k) sink = rosenbrock_dual(xd).d; })); };
    auto adr = [&] {
      t_ad.push_back(seconds([&] {
        for (int k = 0; k < reps; ++k) sink = cassette::overdub(ad, CASSETTE_FN(rosenbrock), xa).meta;
      }));
    };
    auto taint = [&] {
      t_taint.push_back(seconds([&] {
        for (int k = 0; k < reps; ++k) sink = cassette::overdub(tc, CASSETTE_FN(rosenbrock), xt).value;
      }));
    };
    if (flip) { taint(); adr(); dual(); native(); }
    else { native(); dual(); adr(); taint(); }
  }
  double mn = median(t_native), md = median(t_dual), ma = median(t_ad), mt = median(t_taint);
  if (std::getenv("BENCH_NS")) {
    auto ns = [&](double t) { return t * 1e9 / reps / double(n); };
    std::fprintf(stderr, "ns/element: native %.2f dual %.2f ad %.2f taint %.2f\n", ns(mn), ns(md), ns(ma), ns(mt));
  }
  std::printf("| measurement (rosenbrock, %zu elements, %d rounds) | ratio | target |\n|---|---|---|\n", n, rounds);
  std::printf("| AD context vs hand-written dual struct | %.2fx | <= 1.2x |\n", ma / md);
  std::printf("| AD context vs the original (no derivative) | %.2fx | — |\n", ma / mn);
  std::printf("| hand-written dual vs the original | %.2fx | — |\n", md / mn);
  std::printf("| taint context vs the original | %.2fx | <= 1.8x |\n", mt / mn);
  double input = double(n * sizeof(double));
  std::printf("| shadow store for the AD input, resident / input size | %.2fx (%zu bytes) | — |\n", double(ad_rss) / input, ad_rss);
  std::printf("| shadow store for the taint input, resident / input size | %.2fx (%zu bytes) | — |\n", double(taint_rss) / input,
              taint_rss);
  std::printf("| shadow store for the AD input, address space reserved | %zu MiB | — |\n", ad_bytes >> 20);
  std::printf("| shadow store for the taint input, address space reserved | %zu MiB | — |\n", taint_bytes >> 20);
}

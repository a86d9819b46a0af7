// Tagging cost, measured in one run (alternating; the median over ROUNDS of
//   the ratio within each round):
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

  // Each context's input, seeded through its shadow store, and what the
  // seeding committed and reserved.
  struct Seeded {
    std::vector<double> x;
    std::size_t rss = 0, reserved = 0;
  };
  auto seed = [&](auto& ctx, auto meta_of) {
    Seeded s{x};
    std::size_t before = cassette::shadow_bytes(), rss_before = resident_bytes();
    for (std::size_t i = 0; i < n; ++i) cassette::tag_in_place(ctx, s.x[i], meta_of(i));
    s.rss = resident_bytes() - rss_before;
    s.reserved = cassette::shadow_bytes() - before;
    return s;
  };
  auto tangent = [](std::size_t) { return 1.0; };
  auto label = [](std::size_t i) { return taint::Labels{1} << (i % 64); };
  fad::Context<> ad;        // the examples' contexts: unchecked loads
  fad::CheckedContext adc;  // loads that check the stored value
  taint::Context tc;
  taint::CheckedContext tcc;
  Seeded sa = seed(ad, tangent), sac = seed(adc, tangent), st = seed(tc, label), stc = seed(tcc, label);

  // The results agree before anything is timed.
  Dual rd = rosenbrock_dual(xd);
  auto ra = cassette::overdub(ad, CASSETTE_FN(rosenbrock), sa.x);
  auto rac = cassette::overdub(adc, CASSETTE_FN(rosenbrock), sac.x);
  auto rt = cassette::overdub(tc, CASSETTE_FN(rosenbrock), st.x);
  auto rtc = cassette::overdub(tcc, CASSETTE_FN(rosenbrock), stc.x);
  double plain = rosenbrock(x);
  if (ra.value != rd.v || ra.meta != rd.d || rac.value != rd.v || rac.meta != rd.d || rt.value != plain ||
      rtc.value != plain || rt.meta != rtc.meta || rt.meta != ~taint::Labels{0}) {
    std::printf("MISMATCH ad %.17g/%.17g checked %.17g/%.17g dual %.17g/%.17g\n", ra.value, ra.meta, rac.value, rac.meta,
                rd.v, rd.d);
    return 1;
  }

  enum { Native, DualStruct, AD, ADChecked, Taint, TaintChecked, Kinds };
  std::vector<double> t[Kinds];
  auto run = [&](int k) {
    t[k].push_back(seconds([&] {
      for (int r = 0; r < reps; ++r) switch (k) {
          case Native: sink = rosenbrock(x); break;
          case DualStruct: sink = rosenbrock_dual(xd).d; break;
          case AD: sink = cassette::overdub(ad, CASSETTE_FN(rosenbrock), sa.x).meta; break;
          case ADChecked: sink = cassette::overdub(adc, CASSETTE_FN(rosenbrock), sac.x).meta; break;
          case Taint: sink = cassette::overdub(tc, CASSETTE_FN(rosenbrock), st.x).value; break;
          case TaintChecked: sink = cassette::overdub(tcc, CASSETTE_FN(rosenbrock), stc.x).value; break;
        }
    }));
  };
  // Alternating order, so drift on a noisy machine falls on every kind.
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < Kinds; ++i) run(r % 2 ? Kinds - 1 - i : i);
  double m[Kinds];
  for (int k = 0; k < Kinds; ++k) m[k] = median(t[k]);
  auto ratio = [&](int k, int base) { return bench::paired_ratio(t[k], t[base]); };
  if (std::getenv("BENCH_NS")) {
    auto ns = [&](double v) { return v * 1e9 / reps / double(n); };
    std::fprintf(stderr, "ns/element: native %.2f dual %.2f ad %.2f ad-checked %.2f taint %.2f taint-checked %.2f\n",
                 ns(m[Native]), ns(m[DualStruct]), ns(m[AD]), ns(m[ADChecked]), ns(m[Taint]), ns(m[TaintChecked]));
  }
  std::printf("| measurement (rosenbrock, %zu elements, %d rounds) | ratio | target |\n|---|---|---|\n", n, rounds);
  std::printf("| AD context vs hand-written dual struct | %.2fx | <= 1.2x |\n", ratio(AD, DualStruct));
  std::printf("| AD context, checked loads, vs hand-written dual struct | %.2fx | — |\n", ratio(ADChecked, DualStruct));
  std::printf("| AD context vs the original (no derivative) | %.2fx | — |\n", ratio(AD, Native));
  std::printf("| hand-written dual vs the original | %.2fx | — |\n", ratio(DualStruct, Native));
  std::printf("| taint context vs the original | %.2fx | <= 1.8x |\n", ratio(Taint, Native));
  std::printf("| taint context, checked loads, vs the original | %.2fx | — |\n", ratio(TaintChecked, Native));
  double input = double(n * sizeof(double));
  auto memory = [&](const char* what, const Seeded& s) {
    std::printf("| shadow store for the %s input, resident / input size | %.2fx (%zu bytes) | — |\n", what,
                double(s.rss) / input, s.rss);
  };
  memory("AD", sa);
  memory("checked AD", sac);
  memory("taint", st);
  memory("checked taint", stc);
  std::printf("| shadow store for the AD input, address space reserved | %zu MiB | — |\n", sa.reserved >> 20);
  std::printf("| shadow store for the checked AD input, address space reserved | %zu MiB | — |\n", sac.reserved >> 20);
  return 0;
}

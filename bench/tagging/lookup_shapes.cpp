// What a load of a tagged value costs with each shape of shadow lookup, on
// the loop the taint target is measured on (rosenbrock over 1e6 doubles, the
// union of every element's 64-bit labels), written by hand so that only the
// lookup differs. Each shape's loop is timed against the plain loop within
// each round; the table reports the median of those ratios.
//  - table:         cassette::rt::shadow_store's lookup by address (an entry per
//                   window, bounds select, offset; checks_memory = false);
//  - element slot:  shadow_store::find_element, what the rewriter emits for
//                   `x[i]` on a vector: x.data()'s slot plus i slots;
//  - table, no bounds select: the lookup by address on a table of 8 MiB
//                   chunks, the chunk index masked instead of clamped;
//  - fixed offset + range select: a sanitizer-style shadow at a constant
//                   distance, with addresses outside one region sent to a zero slot;
//  - fixed offset:  a constant distance only (what MSan and DFSan do);
//  - labels array:  a second array indexed like the first (the hand-written ideal).
// A lookup by address loads a table entry per element; the element slot's
// base is loop-invariant, so the loop's lookups cost what a labels array's do.
// Usage: bench_lookup_shapes ROUNDS N
#include <cassette/rt/shadow.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../timing.hpp"

namespace {
using Labels = std::uint64_t;
struct Taint {};
using Store = cassette::rt::shadow_store<Taint, double, Labels, /*Flagged=*/false, /*Checked=*/false>;

// The shapes' parameters, read through globals as a runtime's would be.
std::uintptr_t region_start, region_bytes;
std::ptrdiff_t fixed_distance;
const Labels no_labels = 0;
constexpr unsigned ChunkShift = 23;
constexpr std::uintptr_t ChunkMask = (std::uintptr_t(1) << ChunkShift) - 1;
constexpr std::uintptr_t chunk_count = std::uintptr_t(1) << (48 - ChunkShift);
const char* chunk_zero;
const std::ptrdiff_t* chunk_table;

struct TableShape {
  static Labels at(const double*, const double* p) { return Store::find_or_none(p, *p); }
};
struct ElementShape {
  static Labels at(const double* first, const double* p) { return Store::find_element_or_none(first, p, *p); }
};
struct TableNoSelect {
  static Labels at(const double*, const double* p) {
    auto a = reinterpret_cast<std::uintptr_t>(p);
    std::uintptr_t offset = a & ChunkMask;
    return *reinterpret_cast<const Labels*>(chunk_zero + chunk_table[(a >> ChunkShift) & (chunk_count - 1)] + offset);
  }
};
struct FixedRange {
  static Labels at(const double*, const double* p) {
    auto a = reinterpret_cast<std::uintptr_t>(p);
    const Labels* s = a - region_start < region_bytes ? reinterpret_cast<const Labels*>(a + fixed_distance) : &no_labels;
    return *s;
  }
};
struct Fixed {
  static Labels at(const double*, const double* p) {
    return *reinterpret_cast<const Labels*>(reinterpret_cast<std::uintptr_t>(p) + fixed_distance);
  }
};

struct Result {
  double s;
  Labels labels;
  bool operator==(const Result&) const = default;
};

[[gnu::noinline]] Result plain(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return {s, 0};
}
template <class Shape>
[[gnu::noinline]] Result tainted(const std::vector<double>& x) {
  double s = 0;
  Labels l = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
    l |= Shape::at(x.data(), &x[i + 1]) | Shape::at(x.data(), &x[i]);
  }
  return {s, l};
}
[[gnu::noinline]] Result tainted_array(const std::vector<double>& x, const std::vector<Labels>& labels) {
  double s = 0;
  Labels l = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
    l |= labels[i + 1] | labels[i];
  }
  return {s, l};
}
}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 11;
  std::size_t n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1000000;
  const int reps = 10;
  std::vector<double> x(n);
  std::vector<Labels> labels(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = 0.5 + 0.001 * double(i % 1000);
    labels[i] = Labels{1} << (i % 64);
    Store::set(&x[i], x[i], labels[i]);
  }
  // The table without the select: the runtime's formula on a table of its
  // own, built the same way (address space reserved, chunks calloc'd).
  auto reserve = [](std::size_t bytes, int prot) {
    void* p = ::mmap(nullptr, bytes, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      std::perror("bench_lookup_shapes: mmap");
      std::exit(1);
    }
    return static_cast<char*>(p);
  };
  auto* table = reinterpret_cast<std::ptrdiff_t*>(reserve(chunk_count * sizeof(std::ptrdiff_t), PROT_READ | PROT_WRITE));
  chunk_zero = reserve(ChunkMask + 1, PROT_READ);
  chunk_table = table;
  for (std::size_t i = 0; i < n; ++i) {
    auto a = reinterpret_cast<std::uintptr_t>(&x[i]);
    std::ptrdiff_t& entry = table[a >> ChunkShift];
    if (entry == 0) entry = static_cast<char*>(std::calloc(1, ChunkMask + 1)) - chunk_zero;
    *reinterpret_cast<Labels*>(const_cast<char*>(chunk_zero) + entry + (a & ChunkMask)) = labels[i];
  }
  // The fixed-offset shapes: a copy of the labels at a constant distance
  // from x, and a region that covers x.
  std::vector<Labels> shifted(labels);
  fixed_distance = reinterpret_cast<const char*>(shifted.data()) - reinterpret_cast<const char*>(x.data());
  region_start = reinterpret_cast<std::uintptr_t>(x.data());
  region_bytes = n * sizeof(double);

  enum { Plain, Table, Element, NoSelect, Range, Offset, Array, Kinds };
  const char* names[Kinds] = {"plain", "table (the runtime's lookup by address)", "element slot (the runtime's find_element)",
                              "table of 8 MiB chunks, no bounds select",
                              "fixed offset + range select", "fixed offset", "labels array"};
  auto run = [&](int k) {
    switch (k) {
      case Plain: return plain(x);
      case Table: return tainted<TableShape>(x);
      case Element: return tainted<ElementShape>(x);
      case NoSelect: return tainted<TableNoSelect>(x);
      case Range: return tainted<FixedRange>(x);
      case Offset: return tainted<Fixed>(x);
      default: return tainted_array(x, labels);
    }
  };
  // Every shape finds the same labels before anything is timed.
  Result expected = run(Array);
  if (run(Plain).s != expected.s) {
    std::printf("MISMATCH in the plain loop\n");
    return 1;
  }
  for (int k = Table; k < Kinds; ++k)
    if (!(run(k) == expected)) {
      std::printf("MISMATCH in %s\n", names[k]);
      return 1;
    }
  std::vector<double> t[Kinds];
  volatile double sink;
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < Kinds; ++i) {
      int k = r % 2 ? Kinds - 1 - i : i;
      t[k].push_back(bench::seconds([&] {
        for (int q = 0; q < reps; ++q) sink = run(k).s;
      }));
    }
  (void)sink;
  std::printf("| lookup shape (rosenbrock taint loop, %zu elements, %d rounds) | vs plain loop |\n|---|---|\n", n,
              rounds);
  for (int k = Table; k < Kinds; ++k) std::printf("| %s | %.2fx |\n", names[k], bench::paired_ratio(t[k], t[Plain]));
  return 0;
}

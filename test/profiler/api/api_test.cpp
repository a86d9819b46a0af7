// The profiler used from code (not whole-program mode): cassette::overdub
// under Profiler, OperatorProfiler and contexts deriving from them, with a
// test clock, so that every number is exact.
#include <cassette/contexts/profiler.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "calc.hpp"

namespace {
int failures = 0;

void expect(const std::string& what, const std::string& got, const std::string& want) {
  if (got == want) return;
  ++failures;
  std::fprintf(stderr, "FAIL %s:\n--- got:\n%s\n--- expected:\n%s\n", what.c_str(), got.c_str(), want.c_str());
}

// Each reading advances by 10 ns.
std::uint64_t now = 0;
std::uint64_t test_clock() noexcept { return now += 10; }

std::string rows(const std::vector<cassette::ProfilerBase::Row>& rs) {
  std::string out;
  for (const auto& r : rs)
    out += r.name + " " + std::to_string(r.calls) + " " + std::to_string(r.incl_ns) + " " + std::to_string(r.excl_ns) +
           "\n";
  return out;
}

struct WithOperators : cassette::Profiler {
  static constexpr bool operators = true;
};
struct WithoutOperators : cassette::OperatorProfiler {
  static constexpr bool operators = false;
};

template <class P>
P& run(P& p) {
  p.clock = &test_clock;
  int r = cassette::overdub(p, CASSETTE_FN(sum_squares), 4);
  expect("sum_squares(4)", std::to_string(r), "14");
  return p;
}
}  // namespace

int main() {
  // Function calls only: four calls of square, 10 ns each; the root (not
  // timed outside whole-program mode) is their sum.
  const std::string calls_only = "(root) 1 40 0\n(root);square 4 40 40\n";
  cassette::Profiler p;
  expect("Profiler paths", rows(run(p).paths()), calls_only);
  expect("Profiler callees", rows(p.callees()), "(root) 1 40 0\nsquare 4 40 40\n");
  expect("Profiler folded", p.folded(), "(root);square 40\n");
  expect("Profiler total", std::to_string(p.total_ns()), "40");
  expect("Profiler calls", std::to_string(p.calls()), "4");
  WithoutOperators w;
  expect("operators = false", rows(run(w).paths()), calls_only);

  // Builtin operators too: `<` 5 times, `+=` and `++` 4 times, and `*`
  // inside each square (square: 30 ns inclusive, 20 exclusive).
  const std::string all =
      "(root) 1 250 0\n(root);++ 4 40 40\n(root);+= 4 40 40\n(root);< 5 50 50\n(root);square 4 120 80\n"
      "(root);square;* 4 40 40\n";
  cassette::OperatorProfiler o;
  expect("OperatorProfiler paths", rows(run(o).paths()), all);
  WithOperators wo;
  expect("operators = true", rows(run(wo).paths()), all);
  expect("OperatorProfiler dot", o.dot(),
         "digraph cassette_profile {\n  node [shape=box, fontname=\"monospace\"];\n"
         "  n0 [label=\"(root)\\ncalls 1\\nincl 250 ns\\nexcl 0 ns\"];\n"
         "  n1 [label=\"*\\ncalls 4\\nincl 40 ns\\nexcl 40 ns\", style=filled, fillcolor=\"0.0 0.15 1.0\"];\n"
         "  n2 [label=\"++\\ncalls 4\\nincl 40 ns\\nexcl 40 ns\", style=filled, fillcolor=\"0.0 0.15 1.0\"];\n"
         "  n3 [label=\"+=\\ncalls 4\\nincl 40 ns\\nexcl 40 ns\", style=filled, fillcolor=\"0.0 0.15 1.0\"];\n"
         "  n4 [label=\"<\\ncalls 5\\nincl 50 ns\\nexcl 50 ns\", style=filled, fillcolor=\"0.0 0.20 1.0\"];\n"
         "  n5 [label=\"square\\ncalc.hpp:6\\ncalls 4\\nincl 120 ns\\nexcl 80 ns\", style=filled, fillcolor=\"0.0 0.30 1.0\"];\n"
         "  n0 -> n2 [label=\"4\"];\n  n0 -> n3 [label=\"4\"];\n  n0 -> n4 [label=\"5\"];\n"
         "  n0 -> n5 [label=\"4\"];\n  n5 -> n1 [label=\"4\"];\n}\n");

  // The Chrome trace keeps the heaviest paths, each after its parent: the
  // root and square (120 ns), then `<` (50 ns).
  std::string trace = o.chrome_trace(3);
  for (const char* want : {"\"name\": \"(root)\"", "\"name\": \"square\"", "\"name\": \"<\"",
                           "\"call_paths\": 6, \"events\": 3, \"dropped_call_paths\": 3"})
    if (trace.find(want) == std::string::npos) expect("chrome_trace(3) has " + std::string(want), trace, want);
  for (const char* absent : {"\"name\": \"*\"", "\"name\": \"++\""})
    if (trace.find(absent) != std::string::npos) expect("chrome_trace(3) lacks " + std::string(absent), trace, "");

  // reset() forgets the calls; the profiler goes on.
  p.reset();
  expect("after reset", std::to_string(p.calls()) + " " + std::to_string(p.total_ns()), "0 0");
  expect("after reset, run again", rows(run(p).paths()), calls_only);

  // The default clock: the time-stamp counter where it is invariant, its
  // ticks made nanoseconds by the calibration against steady_clock. A 20 ms
  // nap is at least 20 ms, and at most the steady clock's time around it
  // (1% for the calibration; raw ticks would be 2-4 times as many).
  ::setenv("CASSETTE_PROFILE_CLOCK", "steady", 1);
  expect("CASSETTE_PROFILE_CLOCK=steady", cassette::Profiler().clock == cassette::ProfilerBase::steady_clock ? "steady" : "other",
         "steady");
  ::unsetenv("CASSETTE_PROFILE_CLOCK");
  cassette::Profiler d;
  expect("default clock", d.clock == cassette::ProfilerBase::tsc_clock ? "tsc" : "steady",
         cassette::detail::profile::invariant_tsc() ? "tsc" : "steady");
  auto before = std::chrono::steady_clock::now();
  cassette::overdub(d, CASSETTE_FN(nap), 20);
  auto wall = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - before).count();
  std::uint64_t napped = d.total_ns();  // the calls nap made: sleep_for, a duration's constructor
  if (napped < 20000000 || napped > static_cast<std::uint64_t>(wall) * 101 / 100)
    expect("nap(20) in ns, within [20 ms, " + std::to_string(wall) + " ns + 1%]", rows(d.callees()), "");

  if (failures) return 1;
  std::printf("profiler api: Profiler, OperatorProfiler and derived contexts exact\n");
  return 0;
}

// The kernels with counters inserted by hand (bench/kernels/counted.cpp):
// BENCH_HAND_ALL counts builtin operators too, as cassette::CallCounter does.
#include "counted.hpp"
#include "variant.hpp"

#if defined(BENCH_HAND_ALL)
namespace k = counted_all;
#else
namespace k = counted_calls;
#endif

namespace variant {
std::unique_ptr<kernels::Shape> make_shape(int i) {
#if defined(BENCH_HAND_ALL)
  if (i % 2) return std::make_unique<counted_all::Rect>(i % 7, i % 5);
  return std::make_unique<counted_all::Disk>(i % 3);
#else
  if (i % 2) return std::make_unique<kernels::Rect>(i % 7, i % 5);
  return std::make_unique<kernels::Disk>(i % 3);
#endif
}
long fib(int n) { return k::fib(n); }
double rosenbrock(const std::vector<double>& x) { return k::rosenbrock(x); }
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& s) { return k::total_area(s); }
long map_updates(std::map<int, long>& m, int n) { return k::map_updates(m, n); }
void start() { k::count = 0; }
void finish() {}
long long count() { return static_cast<long long>(k::count); }
}  // namespace variant

// kernels.cpp with hand-inlined counters (see counted.hpp). C(e) is `e`
// counted once: (tick(), e), tick() being an inlined ++count.
#include "counted.hpp"

#define C(...) (tick(), (__VA_ARGS__))

namespace counted_calls {

long fib(int n) { return n < 2 ? n : C(fib(n - 1)) + C(fib(n - 2)); }

double rosenbrock(const std::vector<double>& x) {
  double result = 0.0;
  for (std::size_t i = 0; i + 1 < C(x.size()); ++i) {
    double a = 1.0 - C(x[i]);
    double b = C(x[i + 1]) - C(x[i]) * C(x[i]);
    result += a * a + 100.0 * b * b;
  }
  return result;
}

double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& shapes) {
  double sum = 0.0;
  // The range-for as the standard defines it: begin, end, and per element
  // !=, * and ++ are calls the rewriter hooks (lib/RangeFor.cpp).
  auto&& range = shapes;
  for (auto it = C(range.begin()), end = C(range.end()); C(it != end); C(++it)) {
    const auto& s = C(*it);
    sum += C(s->area());
  }
  return sum;
}

long map_updates(std::map<int, long>& m, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) {
    long& slot = C(m[(i * 7919) % 1000]);
    slot += i;
    total += slot;
  }
  return total;
}

}  // namespace counted_calls

namespace counted_all {

long fib(int n) { return C(n < 2) ? n : C(C(fib(C(n - 1))) + C(fib(C(n - 2)))); }

double rosenbrock(const std::vector<double>& x) {
  double result = 0.0;
  for (std::size_t i = 0; C(C(i + 1) < C(x.size())); C(++i)) {
    double a = C(1.0 - C(x[i]));
    double b = C(C(x[C(i + 1)]) - C(C(x[i]) * C(x[i])));
    C(result += C(C(a * a) + C(C(100.0 * b) * b)));
  }
  return result;
}

double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& shapes) {
  double sum = 0.0;
  auto&& range = shapes;
  for (auto it = C(range.begin()), end = C(range.end()); C(it != end); C(++it)) {
    const auto& s = C(*it);
    C(sum += C(s->area()));
  }
  return sum;
}

long map_updates(std::map<int, long>& m, int n) {
  long total = 0;
  for (int i = 0; C(i < n); C(++i)) {
    long& slot = C(m[C(C(i * 7919) % 1000)]);
    C(slot += i);
    C(total += slot);
  }
  return total;
}

}  // namespace counted_all

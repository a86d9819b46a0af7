#include "kernels.hpp"

namespace kernels {

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

double rosenbrock(const std::vector<double>& x) {
  double result = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = 1.0 - x[i];
    double b = x[i + 1] - x[i] * x[i];
    result += a * a + 100.0 * b * b;
  }
  return result;
}

double total_area(const std::vector<std::unique_ptr<Shape>>& shapes) {
  double sum = 0.0;
  for (const auto& s : shapes) sum += s->area();
  return sum;
}

long map_updates(std::map<int, long>& m, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) {
    long& slot = m[(i * 7919) % 1000];
    slot += i;
    total += slot;
  }
  return total;
}

}  // namespace kernels

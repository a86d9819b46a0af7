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

static inline double sq(double x) { return x * x; }

double rosenbrock_helper(const std::vector<double>& x) {
  double result = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) result += sq(1.0 - x[i]) + 100.0 * sq(x[i + 1] - sq(x[i]));
  return result;
}

static inline void accumulate(double& into, double v) { into += v * v; }

double sum_squares_ref(const std::vector<double>& x) {
  double total = 0.0;
  for (double v : x) accumulate(total, v);
  return total;
}

double dot_array(const std::array<double, 8>& a, const std::array<double, 8>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

double path_energy(const std::vector<Vec2>& v) {
  double e = 0.0;
  for (const Vec2& p : v) e += p.dot(p);
  return e;
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

// Benchmark kernels: ordinary code, rewritten at build time.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <vector>

namespace kernels {

long fib(int n);
double rosenbrock(const std::vector<double>& x);

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
struct Rect : Shape {
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
  double w, h;
};
struct Disk : Shape {
  explicit Disk(double r) : r(r) {}
  double area() const override { return 3.14159 * r * r; }
  double r;
};
double total_area(const std::vector<std::unique_ptr<Shape>>& shapes);
long map_updates(std::map<int, long>& m, int n);

// Shapes whose twins the optimizer once treated differently (issue: lean
// rewritten code): a helper called three times per iteration, a helper
// with a reference parameter, a loop over std::array, a method on a small
// struct. Their products added in the same expression are contracted into
// fused multiply-adds in the original; so must they be in the twin.
double rosenbrock_helper(const std::vector<double>& x);
double sum_squares_ref(const std::vector<double>& x);
double dot_array(const std::array<double, 8>& a, const std::array<double, 8>& b);
struct Vec2 {
  double x, y;
  double dot(const Vec2& o) const { return x * o.x + y * o.y; }
};
double path_energy(const std::vector<Vec2>& v);

}  // namespace kernels

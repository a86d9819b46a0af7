// Benchmark kernels: ordinary code, rewritten at build time.
#pragma once

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

}  // namespace kernels

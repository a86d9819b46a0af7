// Included by every unit: inline functions, a class template, a class with
// virtual functions, and a section only some units compile.
#pragma once
#include <vector>

inline double square(double x) { return x * x; }

template <class T>
struct Accumulator {
  T total{};
  void add(T v) { total += v; }
};

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};

struct Rect : Shape {
  double w, h;
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
};

double sum_areas(const std::vector<const Shape*>& shapes);

#ifdef GEOMETRY_WITH_CIRCLE
struct Circle : Shape {
  double r;
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3.0 * square(r); }
};
#endif

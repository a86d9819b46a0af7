#pragma once

#include <memory>
#include <vector>

namespace shapes {

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual double scaled_area(double k) const { return k * area(); }
};

struct Square : Shape {
  explicit Square(double s) : side(s) {}
  double area() const override { return side * side; }
  double side;
};

struct Circle : Shape {
  explicit Circle(double r);
  double area() const override;
  double radius;
};

double total_area(const std::vector<std::unique_ptr<Shape>>& all);
double area_of(const Shape& s);

}  // namespace shapes

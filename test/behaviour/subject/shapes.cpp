#include "shapes.hpp"

namespace shapes {

Circle::Circle(double r) : radius(r) {}

double Circle::area() const { return 3.0 * radius * radius; }

double total_area(const std::vector<std::unique_ptr<Shape>>& all) {
  double sum = 0.0;
  for (const auto& s : all) sum += s->area();
  return sum;
}

double area_of(const Shape& s) { return s.scaled_area(1.0); }

}  // namespace shapes

#include "geometry.hpp"

#include <cmath>

namespace geometry {

// Overflows to inf when x*x does, and underflows to 0 when it does.
double norm(double x, double y) { return std::sqrt(x * x + y * y); }

double distance(Point a, Point b) { return norm(a.x - b.x, a.y - b.y); }

}  // namespace geometry

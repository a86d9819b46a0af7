#include "shapes.hpp"

namespace geo {

double area(const Rect& r) { return r.width * r.height; }

double perimeter(const Rect& r) { return 2 * (r.width + r.height); }

Rect grow(const Rect& r, double factor) { return Rect{scaled(r.width, factor), scaled(r.height, factor)}; }

}  // namespace geo

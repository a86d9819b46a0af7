// Rectangles and their measures.
#pragma once

namespace geo {

struct Rect {
  double width;
  double height;
};

inline double scaled(double x, double factor) { return x * factor; }

double area(const Rect& r);
double perimeter(const Rect& r);
Rect grow(const Rect& r, double factor);

}  // namespace geo

// An ordinary program: nothing here knows about Cassette.
#pragma once

namespace shapes {

struct Rect {
  double w, h;
  double area() const { return w * h; }
};

double square(double x);
double circle_area(double r);
double total_area(const Rect& r, double radius, int copies);

}  // namespace shapes

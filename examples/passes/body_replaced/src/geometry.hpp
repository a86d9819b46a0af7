// An ordinary program: nothing here knows about Cassette.
#pragma once

namespace geometry {

struct Point {
  double x, y;
};

double norm(double x, double y);
double distance(Point a, Point b);

}  // namespace geometry

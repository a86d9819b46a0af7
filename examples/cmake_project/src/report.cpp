#include "report.hpp"

#include <cstdio>

std::string describe(const geo::Rect& r) {
  char line[128];
  std::snprintf(line, sizeof line, "%g x %g %s: area %g, perimeter %g", r.width, r.height, unit(), geo::area(r),
                geo::perimeter(r));
  return line;
}

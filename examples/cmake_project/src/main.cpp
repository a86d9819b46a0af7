// An ordinary program: nothing here knows about Cassette.
#include <cstdio>

#include "report.hpp"
#include "shapes.hpp"

int main() {
  geo::Rect shapes[] = {{2, 3}, {4, 5}};
  double total = 0;
  for (const geo::Rect& r : shapes) {
    std::puts(describe(r).c_str());
    total += geo::area(geo::grow(r, 2));
  }
  std::printf("total area grown twice: %g\n", total);
  return 0;
}

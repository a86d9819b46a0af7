#include "geometry.hpp"

double sum_areas(const std::vector<const Shape*>& shapes) {
  Accumulator<double> acc;
  for (const Shape* s : shapes) acc.add(s->area());
  return acc.total;
}

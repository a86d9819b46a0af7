#include "nested.hpp"

#include <cmath>
#include <vector>

#include "forward_ad.hpp"

namespace nested {

double times(double x, double y) { return x * y; }
double plus(double x, double y) { return x + y; }
double sin_of_product(double x, double y) { return std::sin(x * y); }

struct Pair {
  double a, b;
};
double through_a_field(double x, double y) {
  Pair p{x, 0};
  p.b = p.a * y;
  return p.b;
}
double through_a_vector(double x, double y) {
  std::vector<double> v;
  v.push_back(x);
  v.push_back(v[0] * y);
  return v[1];
}

double x_times_d_times(double x) { return x * fad::derivative(CASSETTE_FN(times), x, 1.0); }
double x_times_d_plus(double x) { return x * fad::derivative(CASSETTE_FN(plus), x, 1.0); }
double d_sin_of_product(double x) { return fad::derivative(CASSETTE_FN(sin_of_product), x, 1.0); }
double x_times_d_field(double x) { return x * fad::derivative(CASSETTE_FN(through_a_field), x, 1.0); }
double x_times_d_vector(double x) { return x * fad::derivative(CASSETTE_FN(through_a_vector), x, 1.0); }

}  // namespace nested

#include "rosenbrock.hpp"

#include <cmath>
#include <cstddef>

double rosenbrock(const std::vector<double>& x) {
  double a = 1.0;
  double b = 100.0;
  double result = 0.0;
  for (std::size_t i = 0; i < x.size() - 1; ++i) {
    result += std::pow(a - x[i], 2) + b * std::pow(x[i + 1] - std::pow(x[i], 2), 2);
  }
  return result;
}

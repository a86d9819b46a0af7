#include "model.hpp"

#include <cmath>

double rosenbrock(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static double huber(double r, double delta) {
  double m = std::fabs(r);
  if (m <= delta) return 0.5 * r * r;
  return delta * (m - 0.5 * delta);
}

double huber_loss(const std::vector<Sample>& samples, double a, double b, double delta) {
  std::vector<double> residuals;
  for (const Sample& s : samples) residuals.push_back(s.y - (a * s.x + b));
  double total = 0;
  for (double r : residuals) total += huber(r, delta);
  return total / samples.size();
}

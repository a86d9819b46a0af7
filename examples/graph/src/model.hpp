// Ordinary numeric code; nothing here knows about Cassette.
#pragma once
#include <vector>

double rosenbrock(const std::vector<double>& x);

struct Sample {
  double x, y;
};
/// The Huber loss of a line a*x + b through the samples: quadratic for
/// residuals within delta, linear beyond (a branch per sample).
double huber_loss(const std::vector<Sample>& samples, double a, double b, double delta);

#include "numbers.hpp"

#include <cmath>

namespace numbers {

double to_float(int x) { return static_cast<double>(x); }

double divide(int a, int b) { return to_float(a) / to_float(b); }

double sin_plus_cos(double x) { return std::sin(x) + std::cos(x); }

long fib(int n) { return n <= 1 ? n : fib(n - 1) + fib(n - 2); }

double f(double x, double y, double z) { return x * y + y * z; }

double g(double x) { return f(x, 3.0, 4.0) + 1.0; }

}  // namespace numbers

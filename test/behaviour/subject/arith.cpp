#include "arith.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "extlib.hpp"

namespace arith {

double add_mul(double x1, double x2, double x3) { return x1 + x2 * x3; }

double inner(double x) { return x * 2.0; }

double outer(double x) { return inner(x) + 1.0; }

double to_double(int x) { return x; }

double divide(int a, int b) { return to_double(a) / to_double(b); }

long fib(int n) { return n <= 1 ? n : fib(n - 1) + fib(n - 2); }

double sin_plus_cos(double x) { return std::sin(x) + std::cos(x); }

double tree(double x, double y, double z) { return x * y + y * z; }

int checked(int x) {
  if (x < 0) throw std::invalid_argument("negative input");
  return x;
}

int uses_primitives(const std::string& s) {
  return static_cast<int>(std::strlen(s.c_str())) + std::max(1, 2);
}

int scaled(int x) { return ext_scale(x) + 1; }

int calls_defined_outside(int x) { return defined_outside(x) * 2; }

struct Doubler {
  int twice(int v) const { return v * 2; }
};
int via_member_pointer(int x) {
  Doubler d;
  int (Doubler::*m)(int) const = &Doubler::twice;
  return (d.*m)(x);
}

}  // namespace arith

// The peer for the AD context: the same rosenbrock written by hand on a
// dual-number struct (what one writes without a tool).
#include <vector>

#include "dual.hpp"

Dual rosenbrock_dual(const std::vector<Dual>& x) {
  Dual s{0, 0};
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    Dual a = x[i + 1] - x[i] * x[i];
    Dual b = Dual{1, 0} - x[i];
    s += Dual{100, 0} * a * a + b * b;
  }
  return s;
}

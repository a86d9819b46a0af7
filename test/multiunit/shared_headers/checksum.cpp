#include "util.hpp"

int checksum(int n) {
  Accumulator<int> acc;
  for (int i = 0; i < n; ++i) acc.add(clamp_to(i, 3));
  return acc.total;
}

// An ordinary program with loops of every kind.
#include "loops.hpp"

namespace loops {

long triangle(int n) {
  long s = 0;
  for (int i = 1; i <= n; ++i) s += i;
  return s;
}

int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int digits(long n) {
  int d = 0;
  do {
    ++d;
    n /= 10;
  } while (n != 0);
  return d;
}

long sum_all(const std::vector<int>& v) {
  long s = 0;
  for (int x : v) s += x;
  return s;
}

long grid(int rows, int cols) {
  long cells = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
    }
  for (int r = 0; r < rows; ++r) cells += cols;
  return cells + triangle(rows) + gcd(rows * 6, cols * 4) + digits(cells) + sum_all({rows, cols});
}

}  // namespace loops

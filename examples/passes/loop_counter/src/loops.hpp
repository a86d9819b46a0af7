#pragma once
#include <vector>

namespace loops {
long triangle(int n);
int gcd(int a, int b);
int digits(long n);
long sum_all(const std::vector<int>& v);
long grid(int rows, int cols);
}  // namespace loops

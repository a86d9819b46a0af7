#pragma once
#include <cstddef>
#include <vector>
struct Dual {
  double v, d;
};
inline Dual operator+(Dual a, Dual b) { return {a.v + b.v, a.d + b.d}; }
inline Dual operator-(Dual a, Dual b) { return {a.v - b.v, a.d - b.d}; }
inline Dual operator*(Dual a, Dual b) { return {a.v * b.v, a.d * b.v + a.v * b.d}; }
inline Dual& operator+=(Dual& a, Dual b) { return a = a + b; }
Dual rosenbrock_dual(const std::vector<Dual>& x);

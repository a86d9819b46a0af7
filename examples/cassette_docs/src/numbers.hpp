// The "unmodified program" for Cassette's documented examples, in C++.
#pragma once

namespace numbers {

double to_float(int x);
double divide(int a, int b);  // Julia's /(1, 2): both operands made floats, then divided
double sin_plus_cos(double x);
long fib(int n);
double f(double x, double y, double z);  // x*y + y*z
double g(double x);                      // f(x, 3, 4) + 1: a tree two calls deep

}  // namespace numbers

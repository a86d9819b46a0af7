// Ordinary code the behaviour tests run under contexts. Nothing here knows
// about Cassette.
#pragma once

#include <string>

namespace arith {

double add_mul(double x1, double x2, double x3);
double inner(double x);
double outer(double x);
double to_double(int x);
double divide(int a, int b);
long fib(int n);
double sin_plus_cos(double x);
double tree(double x, double y, double z);
int checked(int x);          // throws std::invalid_argument for x < 0
int uses_primitives(const std::string& s);
int scaled(int x);           // calls a function from outside --root
int defined_outside(int x);  // declared here, defined in outside/extlib.cpp
int calls_defined_outside(int x);
int via_member_pointer(int x);  // calls a member function through a pointer to it

}  // namespace arith

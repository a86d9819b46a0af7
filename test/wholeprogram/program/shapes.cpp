#include "shapes.hpp"
double Square::area() const { return s * s; }
double Square::perimeter() const { return 4 * s; }  // called through a member pointer from main.cpp
double total(const Shape* const* shapes, int n) { double t = 0; for (int i = 0; i < n; ++i) t += shapes[i]->area(); return t; }

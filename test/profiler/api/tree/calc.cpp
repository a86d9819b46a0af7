#include "calc.hpp"

int cube(int x) { return square(x) * x; }

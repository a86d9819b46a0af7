#include "extlib.hpp"

int ext_scale(int x) { return 10 * x; }

#include "extlib.hpp"

int ext_scale(int x) { return 10 * x; }

// Declared in the tree (subject/arith.hpp) but defined here, outside --root:
// it has no twin, so calls of it run it as a primitive.
namespace arith {
int defined_outside(int x) { return x + 100; }
}  // namespace arith

// Declarations outside --root, for golden tests that need a primitive (a
// function with no twin) that is not from the standard library.
#pragma once

namespace outside {
struct Small {
  int n;
};
// Found by argument-dependent lookup from a dependent call in the tree.
inline Small helper(Small s) { return Small{s.n}; }
}  // namespace outside

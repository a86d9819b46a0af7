// Types defined outside --root, for golden tests that instantiate templates
// of the tree with a user's type.
#pragma once

namespace user {
struct Money {
  long cents;
};
inline Money operator+(Money a, Money b) { return Money{a.cents + b.cents}; }
}  // namespace user

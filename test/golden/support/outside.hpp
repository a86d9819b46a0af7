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

// A macro defined outside --root whose body calls a function: never expanded.
#define OUTSIDE_TWICE(x) outside::doubled(x)
namespace outside {
inline int doubled(int x) { return 2 * x; }
}  // namespace outside

namespace outside {
// A primitive that builds an aggregate of the caller's type.
template <class T>
T make_two(int a, int b) {
  return T{a, b};
}
}  // namespace outside

namespace outside {
// A class outside --root: a pointer to its member function has no twin.
struct Tally {
  int n;
  int next() { return n + 1; }
};
}  // namespace outside

namespace outside {
// A class outside --root with an overloaded static member (gmock's
// ThisRefAdjuster<T>::Adjust): it has no twins.
template <class T>
struct Adjuster {
  template <class U>
  static U& adjust(U& u) { return u; }
  static const T& adjust(const T& t) { return t; }
};
}  // namespace outside

namespace outside {
namespace base {
// Declared outside --root, as a generated header does (glog's
// glog/logging.h in the build directory), and defined in the tree.
int logger_level(int severity);
}  // namespace base
}  // namespace outside

// An assertion macro defined outside --root, as a test framework's (Catch2's
// CHECK): it stays as written, and its argument is both a string and code.
namespace outside {
inline int check_that(const char* text, bool ok) { return ok ? 0 : static_cast<int>(text[0]); }
}  // namespace outside
#define OUTSIDE_CHECK(...) outside::check_that(#__VA_ARGS__, static_cast<bool>(__VA_ARGS__))

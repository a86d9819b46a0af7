// A test framework outside --root, as gtest or Catch is to a project: its
// main, its runner and its registry are not rewritten. Tests register at
// static initialisation; the runner calls them through a virtual function
// and a callback through a function pointer.
#pragma once
#include <vector>

namespace fw {
struct Test {
  virtual ~Test() = default;
  virtual void Body() = 0;
};
std::vector<Test*>& registry();
struct Registrar {
  explicit Registrar(Test* t) { registry().push_back(t); }
};
using Callback = int (*)(int);
int apply(Callback cb, int x);  // calls cb(x)
}  // namespace fw

// Like gtest's TEST: the macro declares the class and its Body; the body follows.
#define FW_TEST(name)                                 \
  struct name##_Test : ::fw::Test {                   \
    void Body() override;                             \
  };                                                  \
  static name##_Test name##_instance;                 \
  static ::fw::Registrar name##_registrar(&name##_instance); \
  void name##_Test::Body()

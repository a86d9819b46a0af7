// The framework's runner and its main (like gtest_main): not rewritten.
#include "fw.hpp"

namespace fw {
std::vector<Test*>& registry() {
  static std::vector<Test*> tests;
  return tests;
}
int apply(Callback cb, int x) { return cb(x); }
}  // namespace fw

int main() {
  for (fw::Test* t : fw::registry()) t->Body();
  return 0;
}

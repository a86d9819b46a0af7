// Compiled twice, with and without CHECKS_OFF (doctest's tests are built
// again with DOCTEST_CONFIG_DISABLE): CHECK expands to calls of positive and
// report in one build and to nothing in the other. Each command's expansion
// stands in the rewritten file under a condition that holds for that command
// only, so the calls are hooked in the build that makes them; they were left
// as written ("call spelled inside a macro body") when the two commands did
// not expand the use alike. The lines the branches take do not move the
// lines after them: the program prints __LINE__ of both.
#include "variant.h"

namespace LIB_NS {
void report(const char* what, int line) { std::printf("check failed: %s at line %d\n", what, line); }
bool positive(int x) { return x > 0; }
int work(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    CHECK(positive(i));
    s += i;
  }
  return s;
}
int line_after() { return __LINE__; }
}  // namespace LIB_NS

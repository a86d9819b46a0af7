// The program calls into the shared library: under the context, the
// library's twins (instantiated there for the context) are reached from
// the program's, and every call is counted in one table, the library's
// calls included.
#include <cstdio>

#include "tally.h"

TALLY_API int tally_version();

int main() {
  Tally t;
  for (int i = 1; i <= 3; ++i) t.add(i);
  std::printf("%d %d %d\n", t.total(), doubled(60), tally_version());
  return 0;
}

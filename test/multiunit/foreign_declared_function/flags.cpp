// The library: defines what the generated header declares, under --root.
#include <flags/flags.h>

namespace flags {
static int count = 0;
int Parse(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i)
    if (argv[i][0] == '-') ++count;
  return count;
}
std::string Version() { return std::string("2.") + std::to_string(flag_count()); }
extern "C" int flag_count(void) { return count; }
}  // namespace flags

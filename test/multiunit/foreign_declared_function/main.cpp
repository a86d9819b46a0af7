// Calls the functions a header outside --root declares and flags.cpp
// defines: they get twins there, and this file declares them to call them.
#include <cstdio>
#include <flags/flags.h>

namespace app {
int run() {
  const char* argv[] = {"prog", "-v", "x", "-q"};
  int n = flags::Parse(4, argv);
  return n + flags::flag_count();
}
}  // namespace app

int main() {
  std::printf("%d %s\n", app::run(), flags::Version().c_str());
  return 0;
}

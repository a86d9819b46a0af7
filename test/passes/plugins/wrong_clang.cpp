// A plugin built against another Clang release.
#include <cstddef>
struct Info {
  unsigned api_version;
  const char* clang_version;
  const void* passes;
  std::size_t pass_count;
};
extern "C" const void* cassettePassPluginInfo() {
  static Info I{1, "18.1.8", nullptr, 0};
  return &I;
}

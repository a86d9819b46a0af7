// A plugin of a pass API version this cassette-rewrite does not speak.
#include <cstddef>
struct Info {
  unsigned api_version;
  const char* clang_version;
  const void* passes;
  std::size_t pass_count;
};
extern "C" const void* cassettePassPluginInfo() {
  static Info I{99, "19.1.7", nullptr, 0};
  return &I;
}

// Generated into the build directory, as gflags' CMake build makes
// gflags/gflags.h from gflags.h.in: outside --root, not a system header.
#pragma once
#include <string>

namespace flags {
int Parse(int argc, const char* const* argv);
std::string Version();
extern "C" int flag_count(void);
}  // namespace flags

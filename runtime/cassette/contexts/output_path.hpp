// Where a ready-made context writes its file in whole-program mode: the path
// in an environment variable, or a default. `%p` in it becomes the process
// id and `%%` a `%`, so that a test suite of many processes (ctest runs each
// test as its own program) gets one file per process instead of each process
// overwriting the last: CASSETTE_COUNTS_JSON=counts-%p.json, then
// scripts/merge-counts.py counts-*.json.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace cassette::detail {

inline std::string output_path(const char* env_var, const char* fallback) {
  const char* set = std::getenv(env_var);
  std::string pattern = set && *set ? set : fallback;
  std::string path;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] == 'p') {
      path += std::to_string(static_cast<long long>(::getpid()));
      ++i;
    } else if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] == '%') {
      path += '%';
      ++i;
    } else {
      path += pattern[i];
    }
  }
  return path;
}

}  // namespace cassette::detail

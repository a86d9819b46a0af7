// Where a ready-made context writes its file in whole-program mode: the path
// in an environment variable, or a default. `%p` in it becomes the process
// id and `%%` a `%`, so that a test suite of many processes (ctest runs each
// test as its own program) gets one file per process instead of each process
// overwriting the last: CASSETTE_COUNTS_JSON=counts-%p.json, then
// scripts/merge-counts.py counts-*.json.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

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

/// The name a file is written under before it is renamed onto `path`.
inline std::string temporary_beside(const std::string& path) {
  return path + ".tmp" + std::to_string(static_cast<long long>(::getpid()));
}

/// Writes `text` to `path` through a temporary file and a rename, so that a
/// reader (or another process of the same test suite) never sees half a
/// file. False if it could not.
inline bool write_atomically(const std::string& path, const std::string& text) {
  std::string tmp = temporary_beside(path);
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  ok = std::fclose(f) == 0 && ok;
  if (ok && std::rename(tmp.c_str(), path.c_str()) == 0) return true;
  std::remove(tmp.c_str());
  return false;
}

/// A file written as the run goes, put in place at its end: the text goes to
/// `<path>.tmp<pid>`, renamed onto `path` by `finish`, so that a run that
/// dies leaves the previous file as it was and its own partial output under
/// the temporary name (never a file that looks whole). A path that exists and
/// is not a regular file (`/dev/stderr`, a pipe), or a file in a directory
/// where no other file can be made, is written directly.
struct streamed_file {
  std::FILE* file = nullptr;
  std::string path, tmp;

  bool open(const std::string& to) {
    struct stat st;
    bool direct = ::stat(to.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
    path = to;
    tmp = direct ? to : temporary_beside(to);
    file = std::fopen(tmp.c_str(), "w");
    if (!file && !direct) {  // a file that may be written in a directory that may not: in place
      tmp = to;
      file = std::fopen(tmp.c_str(), "w");
    }
    return file != nullptr;
  }
  bool finish() {
    if (!file) return false;
    bool ok = std::fclose(file) == 0;
    file = nullptr;
    if (tmp == path) return ok;
    return ok && std::rename(tmp.c_str(), path.c_str()) == 0;  // if not, the trace stays under tmp
  }
};

/// `s` as a JSON string, quotes included (callee names hold `"` in string
/// template arguments, and any byte below 0x20 must be escaped).
inline std::string json_quoted(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (u < 0x20) out += std::string("\\u00") + hex[u >> 4] + hex[u & 15];
    else out += c;
  }
  return out + "\"";
}

}  // namespace cassette::detail
#pragma GCC visibility pop

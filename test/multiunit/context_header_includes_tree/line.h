// A line of the log: logger.h includes it first, so in a unit that includes
// logger.h the context header is read only after both are complete.
#pragma once
#include <string>

namespace logger {
struct Line {
  std::string text;
  int level = 0;
  ~Line() { ++closed(); }
  static int& closed() {
    static int n = 0;
    return n;
  }
  std::string shown() const { return text + (level > 0 ? "!" : ""); }
};
}  // namespace logger

// The tree's own logger, which the context header written for this tree
// includes too: the context header's include of it comes first in every
// unit, before the context is declared.
#pragma once
#include <cstdio>
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
inline Line make(const char* text) { return Line{text, 1}; }
void line(std::FILE* out, const char* text);
}  // namespace logger

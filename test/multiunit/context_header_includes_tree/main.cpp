#include <array>
#include <cstdio>

#include "logger.h"
#include "pick.h"

extern const int expected_lines;
static const int picked = pick::first<int>(std::array<int, 2>{4, 5});

int main() {
  logger::line(stdout, "hello");
  logger::line(stdout, "again");
  std::printf("%d lines closed of %d, picked %d\n", logger::Line::closed(), expected_lines, picked);
  return 0;
}

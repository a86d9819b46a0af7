#include <cstdio>

#include "logger.h"

extern const int expected_lines;

int main() {
  logger::line(stdout, "hello");
  logger::line(stdout, "again");
  std::printf("%d lines closed of %d\n", logger::Line::closed(), expected_lines);
  return 0;
}

#include <cstdio>

#include "logger.h"

int main() {
  logger::line(stdout, "hello");
  logger::line(stdout, "again");
  std::printf("%d lines closed\n", logger::Line::closed());
  return 0;
}

#include <cstdio>
void note_failure(const char* what);
#define CHECK_THAT(c) ((c) ? (void)0 : note_failure(#c))
#include "check.h"
void note_failure(const char* what) { std::printf("noted: %s\n", what); }
int wrong_line(int line) {
  std::printf("wrong line: %d\n", line);
  return line;
}
int quarter(int x);
int main() {
  int h = halve(5);
  int q = quarter(6);
  std::printf("%d %d %d\n", h, q, line_after_halve());
  return 0;
}

// A program that runs itself as two more processes, as a test driver runs
// each test as its own program.
#include <cstdio>
#include <cstdlib>
#include <string>

int work(int n) { return n * n + 1; }

int main(int argc, char** argv) {
  if (argc > 1) return work(std::atoi(argv[1])) == 10 ? 0 : 1;
  for (int i = 3; i <= 3 + 1; ++i) {
    std::string child = std::string(argv[0]) + " 3";
    if (std::system(child.c_str()) != 0) return 1;
  }
  std::printf("%d\n", work(2));
  return 0;
}

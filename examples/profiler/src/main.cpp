// An ordinary program: it knows nothing about Cassette. The example runs it
// under cassette::Profiler (whole-program mode) and checks the profile.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "words.hpp"

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  std::vector<std::string> words = split("the quick brown fox jumps over the lazy dog");
  std::map<std::string, int> counts = count_words(words);
  std::printf("%zu words, %zu distinct, \"the\" %d times\n", words.size(), counts.size(), counts["the"]);
  std::printf("fib(8) = %d\n", fib(8));
  return 0;
}

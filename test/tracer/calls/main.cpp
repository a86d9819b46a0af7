// Every kind of value the tracers show, in one thread: numbers, characters,
// booleans, strings (short and longer than the binary trace keeps), enums,
// null pointers, a class (shown `_`), a void function. cassette::Tracer and
// cassette::BinaryTracer (converted by cassette-trace) must print the same.
#include <cstdio>
#include <string>

enum class Colour { red = 1, green = 2 };
struct Point {
  int x, y;
};

double scale(double v, float by) { return v * by; }
long long widen(int n, unsigned u, short s) { return n + static_cast<long long>(u) + s; }
char next(char c) { return static_cast<char>(c + 1); }
bool positive(long v) { return v > 0; }
std::size_t length(const std::string& s) { return s.size(); }
std::size_t text_length(const char* s) { return s ? std::string(s).size() : 0; }
int colour_code(Colour c) { return static_cast<int>(c) * 10; }
int manhattan(Point p) { return p.x + p.y; }
void say(const char* what) { std::printf("%s\n", what); }

int main(int argc, char**) {
  double d = scale(1.5, 0.25f);
  long long w = widen(-3, 7u, static_cast<short>(2));
  char c = next('a');
  bool p = positive(w);
  std::size_t n = length("short") + text_length(nullptr);
  if (argc > 1) n += length("a string longer than the forty-eight bytes a binary trace keeps of it");
  int k = colour_code(Colour::green) + manhattan(Point{3, 4});
  say(p ? "yes" : "no");
  std::printf("%g %lld %c %zu %d\n", d, w, c, n, k);
  if (argc > 2) __builtin_trap();  // run.py: a run that dies before its trace is put in place
  return 0;
}

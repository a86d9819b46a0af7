#include <cstdio>

#include "library.cpp"

class Probe {
 public:
  int twice(int x) { return x + x; }

 private:
  int unused_ = 0;
};
int Probe_check(Probe& p, int x);
int Probe_check(Probe& p, int x) { return p.twice(x) - 2 * x; }

int main() {
  Accumulator a;
  a.add(2);
  Probe p;
  std::printf("%d %d %d\n", a.add(3), square(4), Probe_check(p, 5));
  return 0;
}

// Exceptions unwind calls that get no posthook; std::exit leaves calls open.
// The profile must still nest: each call counted once, under its caller.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

int leaf(int x) { return x + 1; }

int thrower(int x) {
  leaf(x);
  if (x > 2) throw std::runtime_error("too big");
  return x;
}

int middle(int x) { return thrower(x) + leaf(x); }

int guarded(int x) {
  try {
    return middle(x);
  } catch (const std::exception&) {
    return leaf(-1);  // the profiler has not seen middle and thrower end yet
  }
}

void finish(int code) {
  std::puts("done");
  std::exit(code);
}

int main(int argc, char**) {
  int sum = 0;
  for (int i = 1; i <= 4; ++i) sum += guarded(i);
  std::printf("%d\n", sum);
  if (argc > 1) finish(3);
  return 0;
}

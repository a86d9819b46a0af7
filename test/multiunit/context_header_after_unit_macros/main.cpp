#include "check.h"

// Forwards name their return type in the body: here as written, since no
// printed spelling says a partial specialisation's injected class name or
// a parameter's decltype.
template <class T, bool Checked>
struct Tally;
template <class T>
struct Tally<T, false> {
  T n{};
  Tally& operator++() {
    ++n;
    return *this;
  }
};
struct Box {
  int v;
  auto plus(const Box& other) const -> decltype(other.v) { return v + other.v; }
};

int main() {
  tinylog::write(stdout, "checking");
  try {
    tinylog::level(-1);
    std::printf("not checked\n");
  } catch (const std::logic_error& e) {
    std::printf("checked: %s\n", e.what());
  }
  Tally<int, false> t;
  ++++t;
  std::printf("%d %d %d\n", t.n, Box{2}.plus(Box{3}), tinylog::drain(4));
  return tinylog::level(0);
}

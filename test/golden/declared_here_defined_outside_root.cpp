// A template and an inline function declared under --root whose definitions
// are outside it (doctest declares libstdc++'s
// `template <class traits> basic_ostream<char, traits>& operator<<(basic_ostream<char, traits>&, const char*)`
// in namespace std, so as not to include <ostream>): no twin. Nothing
// writes one, and a call of a template or an inline function would name it
// directly. Their calls are hooked and run the originals.
// OUT: pre outside::make_two(1, 2)
// OUT-NEXT: post outside::make_two = _
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre outside::doubled(3)
// OUT-NEXT: post outside::doubled = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

namespace outside {
template <class T>
T make_two(int a, int b);
inline int doubled(int x);
}  // namespace outside
// CHECK-NOT: cassette_twin_make_two
// CHECK-NOT: cassette_twin_doubled

#include "outside.hpp"

struct Pair {
  int a, b;
};

int use() {
  Pair p = outside::make_two<Pair>(1, 2);
  return outside::doubled(p.b + 1);
}

int main() { return golden::run(CASSETTE_FN(use)); }

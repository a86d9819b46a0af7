// geometry::distance run as written, under a context naming the pass that
// replaces norm's body, and under one naming none; the result under the
// pass's context must equal, bit for bit, the hand-written replacement.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "contexts.hpp"
#include "geometry.hpp"

namespace {

// What the pass writes into norm's twin, by hand.
double hand_written_distance(geometry::Point a, geometry::Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

int main() {
  const geometry::Point cases[][2] = {{{0, 0}, {3, 4}}, {{1e300, 0}, {-1e300, 1e300}}, {{3e-200, 0}, {0, 4e-200}}};
  int failures = 0;
  for (const auto& c : cases) {
    RobustCtx robust;
    PlainCtx plain;
    double original = geometry::distance(c[0], c[1]);
    double with_pass = cassette::overdub(robust, CASSETTE_FN_IN(geometry, distance), c[0], c[1]);
    double without = cassette::overdub(plain, CASSETTE_FN_IN(geometry, distance), c[0], c[1]);
    double by_hand = hand_written_distance(c[0], c[1]);
    bool same = same_bits(with_pass, by_hand);
    std::printf("original %a, under the pass %a (%s the hand-written replacement), without it %a\n", original,
                with_pass, same ? "bit for bit" : "NOT", without);
    failures += !same || !same_bits(without, original);
  }
  return failures;
}

// A qualified call in a template, `geo::fmin(a, b)`, whose name the
// namespace both declares as a template and brings in from std (glm's
// `using std::fmin;` beside its own `fmin`): for floats the original picks
// std::fmin(float, float), a function, over the template. The twins' call,
// among twins only, would pick the template's twin (here -1000; in glm a
// twin never defined, so the link failed). Where some candidate of such a
// name has no twin, the call runs the original as a primitive.
// Before, `use` returned -10000 where the original gives 25.
// CHECK: return geo::fmin(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, ::cassette::rt::no_twin{}, a, b);
// OUT: pre smaller(3, 2.5)
// OUT-NEXT:   pre geo::fmin(3, 2.5)
// OUT-NEXT:   post geo::fmin = 2.5
// OUT-NEXT: post smaller = 2.5
// OUT-NEXT: pre *(2.5, 10)
// OUT-NEXT: post * = 25
// OUT-NEXT: result 25 plain 25
#include <cmath>

#include "trace_context.hpp"

namespace geo {
using std::fmin;
template <class T>
T fmin(T, T) {
  return T(-1000);
}
}  // namespace geo

template <class T>
T smaller(T a, T b) {
  return geo::fmin(a, b);
}

int use(int n) { return static_cast<int>(smaller(static_cast<float>(n), 2.5f) * 10); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

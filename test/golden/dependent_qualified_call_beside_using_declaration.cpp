// A call in a template, `geo::fmin(a, b)` or `fmin(a, b)`, whose name the
// namespace both declares as a template and brings in from std (glm's
// `using std::fmin;` beside its own `fmin`): for floats the original picks
// std::fmin(float, float), a function, over the template. The twins' call,
// among twins only, would pick the template's twin (here -1000; in glm a
// twin never defined, so the link failed). Where some candidate of such a
// name has no twin, the call runs the original as a primitive.
// `use` gives 28, as the original; it gave -975 with the qualified call
// guarded and the unqualified one not.
// CHECK: fn<"fmin">({{.*}}, decltype(cassette_invokes_fmin){}, ::cassette::rt::no_twin{}, a, b), c);
// CHECK: return geo::fmin(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, ::cassette::rt::no_twin{}, a, b);
// OUT: pre smaller(3, 2.5)
// OUT-NEXT:   pre geo::fmin(3, 2.5)
// OUT-NEXT:   post geo::fmin = 2.5
// OUT-NEXT: post smaller = 2.5
// OUT-NEXT: pre *(2.5, 10)
// OUT-NEXT: post * = 25
// OUT-NEXT: pre geo::fmin(4.5, 3.5, 5.5)
// OUT-NEXT:   pre fmin(4.5, 3.5)
// OUT-NEXT:   post fmin = 3.5
// OUT-NEXT:   pre fmin(3.5, 5.5)
// OUT-NEXT:   post fmin = 3.5
// OUT-NEXT: post geo::fmin = 3.5
// OUT-NEXT: pre +(25, 3.5)
// OUT-NEXT: post + = 28.5
// OUT-NEXT: result 28 plain 28
#include <cmath>

#include "trace_context.hpp"

namespace geo {
using std::fmin;
template <class T>
T fmin(T, T) {
  return T(-1000);
}
// Unqualified, the same: the lookup where the template is defined finds
// both std::fmin and the template.
template <class T>
T fmin(T a, T b, T c) {
  return fmin(fmin(a, b), c);
}
}  // namespace geo

template <class T>
T smaller(T a, T b) {
  return geo::fmin(a, b);
}

int use(int n) { return static_cast<int>(smaller(static_cast<float>(n), 2.5f) * 10 + geo::fmin(4.5f, 3.5f, 5.5f)); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

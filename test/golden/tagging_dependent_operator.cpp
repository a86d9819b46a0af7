// With --tagging, an operator whose operands depend on a template parameter
// reaches a twin only where the instantiation has one (an overloaded operator
// rewritten under --root); otherwise the twin invoker returns
// `cassette::not_a_twin` and the call runs as a primitive, which takes the
// tags off its arguments (a tagged value has no builtin operators). Generic
// code instantiated with a tagged value's type also finds its
// `std::numeric_limits` (the value type's).
// REWRITE-ARGS: --tagging
// OUT: pre halve(_, _)
// OUT: result 6 plain 6
#include <limits>

#include "trace_context.hpp"

struct M {
  int v;
};
M operator/(M a, int d) { return M{a.v / d}; }
bool operator<(M a, int b) { return a.v < b; }

template <class T>
T halve(T x, T cap) {
  return x / 2 < 1 ? cap : x / 2 < std::numeric_limits<int>::max() ? x / 2 : cap;
}
// CHECK-LABEL: cassette_twin_halve(
// CHECK-SAME: auto cassette_twininvokes_operator_Less = [](auto& cassette_t, {{.*}} else return ::cassette::rt::not_a_twin{}; };
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"operator<">{{.*}}, decltype(cassette_twininvokes_operator_Less){}
// CHECK-NOT: else return ::cassette::op::

int use(int n) { return halve(n, 0) + halve(M{n}, M{0}).v; }

int main() { return golden::run(CASSETTE_FN(use), 6); }

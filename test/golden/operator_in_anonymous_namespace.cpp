// An operator declared in an anonymous namespace: its twin is named through
// the nearest named namespace (qualified lookup follows the anonymous
// namespace's implicit using-directive), or unqualified, as the operator was
// found, when that namespace declares such an operator itself.
#include "trace_context.hpp"

namespace app {
namespace {
struct W {
  int n;
};
int operator+(W a, W b) { return a.n + b.n; }
}  // namespace
int sum(int x) { return W{x} + W{1}; }
// CHECK-LABEL: cassette_twin_sum(::cassette::Twin
// CHECK: return ::app::cassette_twin_operator_Plus(cassette_t,
}  // namespace app

namespace other {
struct V {
  int n;
};
int operator-(V a, V b) { return a.n - b.n; }
namespace {
struct U {
  int n;
};
int operator-(U a, U b) { return b.n - a.n; }
}  // namespace
int diff(int x) { return (U{x} - U{10}) + (V{x} - V{1}); }
// CHECK-LABEL: cassette_twin_diff(::cassette::Twin
// CHECK: return cassette_twin_operator_Minus(cassette_t,
}  // namespace other

int both(int x) { return app::sum(x) + other::diff(x); }

int main() { return golden::run(CASSETTE_FN(both), 3); }
// OUT: pre app::sum(3)
// OUT-NEXT:   pre app::(anonymous namespace)::operator+(_, _)
// OUT-NEXT:     pre +(3, 1)
// OUT-NEXT:     post + = 4
// OUT-NEXT:   post app::(anonymous namespace)::operator+ = 4
// OUT-NEXT: post app::sum = 4
// OUT-NEXT: pre other::diff(3)
// OUT-NEXT:   pre other::(anonymous namespace)::operator-(_, _)
// OUT-NEXT:     pre -(10, 3)
// OUT-NEXT:     post - = 7
// OUT-NEXT:   post other::(anonymous namespace)::operator- = 7
// OUT-NEXT:   pre other::operator-(_, _)
// OUT-NEXT:     pre -(3, 1)
// OUT-NEXT:     post - = 2
// OUT-NEXT:   post other::operator- = 2
// OUT-NEXT:   pre +(7, 2)
// OUT-NEXT:   post + = 9
// OUT-NEXT: post other::diff = 9
// OUT-NEXT: pre +(4, 9)
// OUT-NEXT: post + = 13
// OUT-NEXT: result 13 plain 13

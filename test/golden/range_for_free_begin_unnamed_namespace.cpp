// A range-for whose begin/end are free functions found by argument-dependent
// lookup in an unnamed namespace: the desugared loop cannot name them by
// their namespace (it has no name to write), so the range-for's calls stay
// as written (reported), and the loop body's calls are still intercepted.
#include "trace_context.hpp"

namespace {
struct Bag {
  int v[3];
};
const int* begin(const Bag& b) { return b.v; }
const int* end(const Bag& b) { return b.v + 3; }
}  // namespace

int twice(int x) { return 2 * x; }

int total(int n) {
  Bag b{{n, n + 1, n + 2}};
  int s = 0;
  for (int x : b) s += twice(x);
  // CHECK-LABEL: cassette_twin_total(::cassette::Twin
  // CHECK: for (int x : b) ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, s,
  // CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
  return s;
}

int main() { return golden::run(CASSETTE_FN(total), 1); }
// REPORT: "reason_id": "range_for_implicit_calls"
// OUT: pre +(1, 1)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre twice(1)
// OUT-NEXT:   pre *(2, 1)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
// OUT-NEXT: pre +=(0, 2)
// OUT-NEXT: post += = 2
// OUT-NEXT: pre twice(2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post twice = 4
// OUT-NEXT: pre +=(2, 4)
// OUT-NEXT: post += = 6
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre +=(6, 6)
// OUT-NEXT: post += = 12
// OUT-NEXT: result 12 plain 12

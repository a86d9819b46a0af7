// With --tagging, places that hold or take only plain numbers get the plain
// value (`cassette::untag`): the arguments of a compiler builtin
// (`__builtin_expect`, often behind a LIKELY macro), and a volatile variable's
// initialiser and assignments (volatile numbers carry no metadata). A
// constant argument stays as written.
// REWRITE-ARGS: --tagging
// CHECK-LABEL: cassette_twin_use(
// CHECK: __builtin_expect(::cassette::untag(::cassette::convert<long>(cassette_ctx_, ::cassette::call_op(cassette_ctx_, ::cassette::op::gt{}, n, 2))), 0)
// CHECK: volatile int seen = ::cassette::untag(::cassette::call_op(cassette_ctx_, ::cassette::op::mul{}, n, 2));
// CHECK: seen = ::cassette::untag(::cassette::call_op(cassette_ctx_, ::cassette::op::add{}, n, 1));
// OUT: result 11 plain 11
#include "trace_context.hpp"

int use(int n) {
  int r = 0;
  if (__builtin_expect(n > 2, 0)) r = 4;
  volatile int seen = n * 2;
  seen = n + 1;
  return r + seen + n;  // 4 + 4 + 3 = 11 for n = 3
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

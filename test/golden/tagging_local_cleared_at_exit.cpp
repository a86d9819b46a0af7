// With --tagging, each local of a twin that lives in memory and can hold
// metadata (an array, a class with a number in it, a number whose address
// escapes, a by-value class parameter) gets a guard declared right after it,
// `cassette::cleared_at_exit(ctx, x)`, which clears x's metadata when x dies:
// the stack a later call reuses then holds none. A class with no number in
// it (`Named`) gets none. A guard cannot go where a jump enters the scope
// past it (a `case` of an enclosing switch, a `goto` from before it), nor in
// a statement's header: those locals are reported. A switch or a goto that
// stays inside the scope does not stop it. Under a context without tagging (this test's)
// the guard is an empty object.
// REWRITE-ARGS: --tagging
// REPORT: "reason": "local whose metadata is not cleared when it dies: declared in a statement's header or under a label",
// REPORT-NEXT: "what": "late"
// REPORT: "reason": "local whose metadata is not cleared when it dies: declared in a statement's header or under a label",
// REPORT-NEXT: "what": "acc"
// REPORT: "reason": "local whose metadata is not cleared when it dies: a jump (goto, case) enters its scope",
// REPORT-NEXT: "what": "skipped"
// OUT: result 3 plain 3
#include <cstring>
#include "trace_context.hpp"

struct Pair {
  double a, b;
};
struct Named {
  const char* name;
};

static void fill(double* to, int n) {
  for (int i = 0; i < n; ++i) to[i] = i;
}

double sum(int n, Pair p) {
  double xs[4];
  Pair q{1, 2}, r;
  Named label{"x"};
  double escaped = n;
  fill(&escaped, 1);
  std::memcpy(xs, &q, sizeof q);
  r = p;
  switch (n) {
    case 1: {
      double inner[2] = {1, 2};
      return inner[0];
    }
    case 2:
      double late[2];
      fill(late, 2);
      return late[1];
  }
  for (double acc[1] = {0}; acc[0] < 1; acc[0] += 1) {}
  {
    double before[1] = {0};  // a switch inside its scope jumps only within itself
    switch (n) {
      case 0:
        before[0] = 1;
        break;
      default:
        break;
    }
    n += static_cast<int>(before[0]);
  }
  {
    int tries = 0;
    double again[1];  // a goto after it, back to a label after it: stays in its scope
  retry:
    again[0] = tries;
    if (++tries < 2) goto retry;
  }
  {
    if (n > 5) goto skip;
    double skipped[1];  // a goto before it to a label after it enters its scope
    skipped[0] = 1;
    n += static_cast<int>(skipped[0]) - 1;
  skip:;
  }
  return xs[0] + r.a + escaped + (label.name != nullptr);
}
// CHECK-LABEL: cassette_twin_sum(
// CHECK-SAME: Pair p) { ::cassette::rt::received<1>(cassette_ctx_, p);
// CHECK-SAME: {{\[\[maybe_unused\]\]}} auto cassette_cleared_p_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, p);
// CHECK-NEXT: double xs[4]; {{\[\[maybe_unused\]\]}} auto cassette_cleared_xs_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, xs);
// CHECK-NEXT: Pair q{{.*}}, r; {{\[\[maybe_unused\]\]}} auto cassette_cleared_q_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, q);
// CHECK-SAME: {{\[\[maybe_unused\]\]}} auto cassette_cleared_r_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, r);
// CHECK-NEXT: Named label{"x"};{{ *$}}
// CHECK-NEXT: double escaped = ::cassette::rt::init({{.*}}); {{\[\[maybe_unused\]\]}} auto cassette_cleared_escaped_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, escaped);
// CHECK: double inner[2] = {{.*}}; {{\[\[maybe_unused\]\]}} auto cassette_cleared_inner_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, inner);
// CHECK: double late[2];{{ *$}}
// CHECK: for (double acc[1] = {0};
// CHECK: double before[1] = {{.*}}; {{\[\[maybe_unused\]\]}} auto cassette_cleared_before_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, before);
// CHECK: double again[1]; {{\[\[maybe_unused\]\]}} auto cassette_cleared_again_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, again);
// CHECK: double skipped[1];{{ *}}// a goto before it

int main() { return golden::run(CASSETTE_FN(sum), 3, Pair{1, 2}); }

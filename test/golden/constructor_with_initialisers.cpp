// A constructor with member initialisers and a body has a twin constructor
// (the context slot first). `Pair(a, b)` inside a twin becomes a call whose
// twin invoker builds the object with the twin constructor, so calls in the
// initialisers and the body are intercepted between the hooks around it.
// OUT: pre Pair::Pair(3, 2)
// OUT-NEXT:   pre twice(3)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post twice = 6
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre +(6, 3)
// OUT-NEXT:   post + = 9
// OUT-NEXT: post Pair::Pair = _
// OUT-NEXT: result 9 plain 9
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

struct Pair {
  int first, second, sum;
  Pair(int a, int b) : first(twice(a)), second(b + 1) { sum = first + second; }
  // CHECK: Pair(int a, int b) : first(twice(a)), second(b + 1) { sum = first + second; }
  // CHECK-LABEL: Pair(::cassette::Twin<CassetteCtx> cassette_ctx_, int a, int b)
  // CHECK-SAME: : first(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{.*}}),
  // CHECK-SAME: second(::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, b, 1))
  // CHECK-SAME: { sum = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, first, second); }
};

int use(int x) { return Pair(x, 2).sum; }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Pair::Pair">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<Pair>{}, ::cassette::rt::constructs_twin<Pair>{}, x, 2)

int main() { return golden::run(CASSETTE_FN(use), 3); }

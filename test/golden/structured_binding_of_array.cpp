// A structured binding of an array (`auto [a, b] = pair_of(x).v;`) copies it
// element by element, through subscripts clang makes and no one wrote: they
// were taken for sites and skipped as "operand spelled partly inside a
// macro". The array's own expression is rewritten (the call in it hooked),
// and no subscript is reported skipped.
// OUT: pre pair_of(1)
// OUT-NEXT:   pre +(1, 1)
// OUT-NEXT:   post + = 2
// OUT-NEXT: post pair_of = _
// OUT-NEXT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre (lambda at structured_binding_of_array.cpp:30:15)(_)
// OUT-NEXT:   pre [](_, 1)
// OUT-NEXT:   post [] = 2
// OUT-NEXT: post (lambda at structured_binding_of_array.cpp:30:15) = 2
// OUT-NEXT: pre +(3, 2)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5
#include "trace_context.hpp"

struct Pair {
  int v[2];
};
Pair pair_of(int x) { return {{x, x + 1}}; }
// CHECK: auto [a, b] = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"pair_of">

int use(int x) {
  auto [a, b] = pair_of(x).v;
  int local[2] = {a, b};
  auto copy = [local] { return local[1]; };
  return a + b + copy();
}
// REPORT-NOT: "what": "builtin []"

int main() { return golden::run(CASSETTE_FN(use), 1); }

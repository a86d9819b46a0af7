// Cassette's @overdub(ctx, expr): in code under --root, the lambda given to
// cassette::overdub takes the context slot and its body's calls are
// intercepted. The lambda itself is the outermost call: not hooked.
// OUT: pre square(3)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post square = 9
// OUT-NEXT: pre +(9, 1)
// OUT-NEXT: post + = 10
// OUT-NEXT: 10
#include <cstdio>

#include "trace_context.hpp"

int square(int x) { return x * x; }

int main() {
  golden::TraceCtx ctx;
  int x = 3;
  int r = cassette::overdub(ctx, [&] { return square(x) + 1; });
  std::printf("%d\n", r);
  return r == 10 ? 0 : 1;
}
// CHECK-LABEL: cassette::overdub(ctx,
// CHECK-SAME: [&](auto cassette_ctx_) { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{},
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"square">

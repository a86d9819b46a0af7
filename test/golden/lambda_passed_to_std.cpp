// A lambda passed to a primitive (std::sort): std::sort has no twin (it is
// declared outside --root) and runs as written, but the lambda it calls
// captured the context, so the calls inside its body are still intercepted,
// nested inside the std::sort hooks. (The lambda's own call happens inside
// std::sort, which is not rewritten, so it has no hooks of its own.)
// OUT: pre +(_, 3)
// OUT-NEXT: post + = ptr
// OUT-NEXT: pre std::sort(ptr, ptr, _)
// OUT-NEXT:   pre greater({{[0-9]}}, {{[0-9]}})
// OUT-NEXT:     pre >({{[0-9]}}, {{[0-9]}})
// OUT-NEXT:     post > = {{true|false}}
// OUT-NEXT:   post greater = {{true|false}}
// OUT:      post std::sort = _
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 3
// OUT-NEXT: result 3 plain 3
#include <algorithm>

#include "trace_context.hpp"

bool greater(int a, int b) { return a > b; }

int use(int x) {
  int v[3] = {1, x, 2};
  std::sort(v, v + 3, [](int a, int b) { return greater(a, b); });
  return v[0];
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::sort">({{[^)]*}}), [&](auto&& cassette_a0,
// CHECK-SAME: auto&& cassette_a1, auto&& cassette_a2) -> decltype(auto) { return std::sort(CASSETTE_FWD(cassette_a0),
// CHECK-SAME: CASSETTE_FWD(cassette_a1), CASSETTE_FWD(cassette_a2)); }, ::cassette::rt::no_twin{}, +v,
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, v, 3), [cassette_ctx_](int a, int b) { return ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"greater">

int main() { return golden::run(CASSETTE_FN(use), 3); }

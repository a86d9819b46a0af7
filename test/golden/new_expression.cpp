// `new T(args)` is one call whose invokers allocate with the original or the
// twin constructor; `delete` stays as written.
// OUT: pre new Node(6)
// OUT-NEXT:   pre -(6, 1)
// OUT-NEXT:   post - = 5
// OUT-NEXT: post new Node = ptr
// OUT-NEXT: result 5 plain 5
#include "trace_context.hpp"

struct Node {
  int v;
  Node(int x) : v(x - 1) {}
};

int use(int x) {
  Node* n = new Node(x);
  int v = n->v;
  delete n;
  return v;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: Node* n = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"new Node">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return new Node(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return new Node(cassette_t, CASSETTE_FWD(cassette_a0)); }, x);
// CHECK: delete n;

int main() { return golden::run(CASSETTE_FN(use), 6); }

// `V(node)` in a template, V a class derived from Node whose constructors are
// written in the class (no factory of its own), Node's copy constructor
// defined out of line (a factory, Node::cassette_construct_, which V inherits
// by name): V is built by its own twin constructor, not by Node's factory,
// which builds a Node (yaml-cpp's iterator_base::operator*, V a const
// iterator_value). Node's copy constructor counts: a hooked call whose
// posthook sees the result returns that object, not a copy (the result was
// copied once per hooked call: 7, not 5).
// OUT: pre Iterator::get(_)
// OUT-NEXT:   pre V(_)
// OUT-NEXT:     pre Node::Node(_)
// OUT-NEXT:       pre +(4, 1)
// OUT-NEXT:       post + = 5
// OUT-NEXT:     post Node::Node = _
// OUT-NEXT:   post V = _
// OUT-NEXT: post Iterator::get = _
// OUT-NEXT: result 5 plain 5
#include "trace_context.hpp"

struct Node {
  Node() = default;
  Node(const Node& other);
  int v = 0;
};

Node::Node(const Node& other) : v(other.v + 1) {}

struct Value : Node {
  Value() = default;
  explicit Value(const Node& n) : Node(n) {}
};

template <typename V>
struct Iterator {
  Node node;
  V get() const { return V(node); }
  // CHECK-LABEL: template <class CassetteCtx> V cassette_twin_get(
  // CHECK: ::cassette::rt::construct_twin<V, false>(cassette_t
};

int use(int n) {
  Iterator<const Value> it;
  it.node.v = n;
  return it.get().v;
}

int main() { return golden::run(CASSETTE_FN(use), 4); }

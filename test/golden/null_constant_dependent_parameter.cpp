// `0` given to a parameter whose type depends on a template parameter
// (leveldb's SkipList<const char*>: `NewNode(0, kMaxHeight)` for a
// `const Key&`) is a null pointer constant in the instance: forwarded, it
// would arrive as an int and the twin would not take it. It is evaluated
// in the invoker, as written.
#include "trace_context.hpp"

template <typename Key>
struct List {
  struct Node {
    Key key;
    int height;
  };
  Node* make(const Key& key, int height) { return new Node{key, height}; }
  int head_height() {
    Node* n = make(0, 3);
    // CHECK-LABEL: cassette_twin_head_height(::cassette::Twin
    // CHECK: { return CASSETTE_FWD(cassette_a0).make(0, CASSETTE_FWD(cassette_a2)); }, [&](auto& cassette_t,
    // CHECK-SAME: auto&& cassette_a0,
    // CHECK-SAME: auto&& cassette_a2) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).cassette_twin_make(cassette_t, 0,
    // CHECK-SAME: CASSETTE_FWD(cassette_a2)); }, *this, 3);
    int h = n->height + (n->key == nullptr);
    delete n;
    return h;
  }
};

int use(int) { return List<const char*>().head_height(); }

int main() { return golden::run(CASSETTE_FN(use), 0); }
// OUT: pre List::head_height(_)
// OUT-NEXT:   pre List::make(_, 3)
// OUT-NEXT:   post List::make = ptr
// OUT:      result 4 plain 4

// The safe-bool idiom of pugixml (`if (cur.next_sibling())`): the result of a
// member call converts through a conversion function. The conversion's call
// wraps the member call, which keeps its own rewrite; the member call's object
// `cur` begins at the same byte as the converted operand and must not be
// converted a second time. The converted-to typedef is protected, as in
// pugixml, so the original invoker (called from `last`, outside the class)
// names the conversion by the type it stands for.
// OUT: pre last(_)
// OUT-NEXT:   pre Node::next(_)
// OUT-NEXT:     pre *(ptr)
// OUT-NEXT:     post * = _
// OUT-NEXT:   post Node::next = _
// OUT-NEXT:   pre Node::operator void (*)(Node ***)(_)
// OUT-NEXT:     pre >=(2, 0)
// OUT-NEXT:     post >= = true
// OUT-NEXT:   post Node::operator void (*)(Node ***) = ptr
// OUT-NEXT:   pre Node::next(_)
// OUT-NEXT:     pre *(ptr)
// OUT-NEXT:     post * = _
// OUT-NEXT:   post Node::next = _
// OUT-NEXT:   pre Node::operator=(_, _)
// OUT-NEXT:   post Node::operator= = _
// OUT-NEXT:   pre Node::next(_)
// OUT-NEXT:     pre -(1)
// OUT-NEXT:     post - = -1
// OUT-NEXT:   post Node::next = _
// OUT-NEXT:   pre Node::operator void (*)(Node ***)(_)
// OUT-NEXT:     pre >=(-1, 0)
// OUT-NEXT:     post >= = false
// OUT-NEXT:   post Node::operator void (*)(Node ***) = nullptr
// OUT-NEXT: post last = 2
// OUT-NEXT: result 2 plain 2
#include "trace_context.hpp"

class Node {
 protected:
  typedef void (*unspecified_bool_type)(Node***);
  static void truth(Node***) {}

 public:
  const Node* link;
  int id;
  Node next() const { return link ? *link : Node{nullptr, -1}; }
  operator unspecified_bool_type() const { return id >= 0 ? truth : nullptr; }
};

int last(Node cur) {
  while (true) {
    if (cur.next()) cur = cur.next();
    else return cur.id;
  }
}
// CHECK-LABEL: cassette_twin_last(::cassette::Twin
// CHECK: if (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Node::operator void (*)(Node ***)">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).operator ::std::type_identity_t<void (*)(::Node ***)>(); },
// CHECK-SAME: {{.*}}cassette_twin_conversion_unspecified_bool_type(cassette_t); }, ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"Node::next">({{[^)]*}}), ::Node::cassette_calls_next{}, ::Node::cassette_twincalls_next{}, cur)))

int use(int n) {
  Node c{nullptr, n};
  Node b{&c, 1};
  return last(b);
}

int main() { return golden::run(CASSETTE_FN(use), 2); }

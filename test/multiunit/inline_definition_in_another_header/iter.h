// A friend class template constructs a Node through the private
// constructor, with arguments that do not depend on its parameter: the
// call is resolved in the template, in another file than the constructor's
// definition. That definition is inline, so it has no factory: the call
// constructs the twin directly, which is defined beside it.
#pragma once
#include "node.h"

namespace y::d {
// Copies a Node through its copy constructor, defaulted out of line in
// impl.h (yaml-cpp's iterator_value): no twin is defined for it, so the
// call runs the constructor as written (the marker says no unit defined it).
struct copied : Node {
  explicit copied(const Node& n) : Node(n), extra(1) {}
  int extra;
};

template <class V>
class iter {
 public:
  iter(V* p, std::shared_ptr<holder> h) : p(p), h(h) {}
  Node operator*() const { return Node(*q, h); }
  copied at() const { return copied(**this); }

 private:
  V* p;
  nd* q = p;
  std::shared_ptr<holder> h;
};
}  // namespace y::d

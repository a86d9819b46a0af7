// A friend class template constructs a Node through the private
// constructor, with arguments that do not depend on its parameter: the
// call is resolved in the template, in another file than the constructor's
// definition. That definition is inline, so its twin is defined wherever
// the constructor is used, with no factory to reach it through.
#pragma once
#include "node.h"

namespace y::d {
template <class V>
class iter {
 public:
  iter(V* p, std::shared_ptr<holder> h) : p(p), h(h) {}
  Node operator*() const { return Node(*q, h); }

 private:
  V* p;
  nd* q = p;
  std::shared_ptr<holder> h;
};
}  // namespace y::d

#pragma once
#include "node.h"

namespace y {
inline Node::Node(d::nd& n, std::shared_ptr<holder> h) : n(&n), h(h) {}
inline Node::Node(const Node& other) = default;
inline int Node::value() const { return n ? n->v + h->base : -1; }
}  // namespace y

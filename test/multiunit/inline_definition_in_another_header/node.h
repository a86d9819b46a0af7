// A class whose private constructor is declared without `inline`; its
// definition, in impl.h, says `inline` (yaml-cpp's Node and its impl.h).
#pragma once
#include <memory>

namespace y {
struct holder {
  int base = 100;
};
namespace d {
template <class V>
class iter;
struct nd {
  int v;
};
}  // namespace d

class Node {
 public:
  Node() : n(nullptr) {}
  Node(const Node& other);  // defined `= default` in impl.h: it has no twin
  int value() const;

 private:
  template <class V>
  friend class d::iter;
  explicit Node(d::nd& n, std::shared_ptr<holder> h);
  d::nd* n;
  std::shared_ptr<holder> h;
};
}  // namespace y

// Defined in a header factory.h does not include: in shapes.cpp it comes
// first, in factory.cpp after factory.h.
#pragma once
class Value {
 public:
  explicit Value(int x) : v(x) {}
  int v;
};

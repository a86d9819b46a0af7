// A unit built with -fno-rtti (googletest builds its library and tests so, to
// test GTEST_HAS_RTTI=0): the runtime's typeid helpers (rt::typeid_of) are
// left out there, since naming typeid is an error without RTTI, and a unit
// without RTTI has no typeid to rewrite. Its polymorphic classes still get
// their virtual thunks. Nothing the runtime or the rewriter writes throws or
// catches: the unit is built with -fno-exceptions too, as googletest's
// gtest_no_exception tests are.
// COMPILE-FLAGS: -fno-rtti -fno-exceptions
// OUT: pre Shape::sides(_)
// OUT-NEXT:   pre +(2, 2)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post Shape::sides = 4
// OUT-NEXT: pre *(4, 3)
// OUT-NEXT: post * = 12
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

struct Shape {
  virtual ~Shape() = default;
  virtual int sides() const { return 0; }
};
struct Square : Shape {
  int sides() const override { return 2 + 2; }
};

int use(int n) {
  Square s;
  const Shape& shape = s;
  return shape.sides() * n;
  // CHECK: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Shape::sides">
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A class whose overrides do not say `override` (tinyxml2's): their thunks
// do not either, so the rewritten class does not begin to warn of every
// member that lacks it (-Winconsistent-missing-override, on by default; the
// output is compiled with -Werror). Thunks of overrides that say it, say it
// too (virtual_call.cpp).
// OUT: pre Shape::area(_)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post Shape::area = 9
// OUT-NEXT: pre Shape::sides(_)
// OUT-NEXT: post Shape::sides = 4
// OUT-NEXT: pre +(9, 4)
// OUT-NEXT: post + = 13
// OUT-NEXT: result 13 plain 13
#include "trace_context.hpp"

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const { return 0; }
  virtual int sides() const { return 0; }
};
struct Square : Shape {
  int side = 3;
  virtual int area() const { return side * side; }
  virtual int sides() const { return 4; }
};
// CHECK-LABEL: struct Square : Shape {
// CHECK: virtual int cassette_virtual_area(::cassette::rt::AnyTwin cassette_any_) const {
// CHECK: virtual int cassette_virtual_sides(::cassette::rt::AnyTwin cassette_any_) const {

int total(const Shape* s) { return s->area() + s->sides(); }

int main() {
  Square q;
  return golden::run(CASSETTE_FN(total), static_cast<const Shape*>(&q));
}

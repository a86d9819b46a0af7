// A virtual call through a base pointer and through a base reference reaches
// the twin of the dynamic target (Square::area, Circle::area) via the virtual
// thunk every polymorphic class of the tree gets. The base is abstract
// (pure virtual area); Circle does not override sides, so the base's twin
// runs. The identity is the statically called function.
// OUT: pre Square::Square(3)
// OUT-NEXT: post Square::Square = _
// OUT-NEXT: pre Circle::Circle(3)
// OUT-NEXT: post Circle::Circle = _
// OUT-NEXT: pre Shape::area(_)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post Shape::area = 9
// OUT-NEXT: pre Shape::area(_)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT:   pre *(9, 3)
// OUT-NEXT:   post * = 27
// OUT-NEXT: post Shape::area = 27
// OUT-NEXT: pre +(9, 27)
// OUT-NEXT: post + = 36
// OUT-NEXT: pre Shape::sides(_)
// OUT-NEXT:   pre +(2, 2)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post Shape::sides = 4
// OUT-NEXT: pre +(36, 4)
// OUT-NEXT: post + = 40
// OUT-NEXT: pre Shape::sides(_)
// OUT-NEXT:   pre -(1, 1)
// OUT-NEXT:   post - = 0
// OUT-NEXT: post Shape::sides = 0
// OUT-NEXT: pre +(40, 0)
// OUT-NEXT: post + = 40
// OUT-NEXT: result 40 plain 40
#include "trace_context.hpp"

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const = 0;
  // CHECK: virtual int area() const = 0;
  // A pure virtual's thunk is not pure: it runs the dynamic target as written
  // when that target has no thunk of its own (an override made by a macro).
  // CHECK: virtual int cassette_virtual_area(::cassette::rt::AnyTwin cassette_any_) const { (void)cassette_any_; return this->area(); }
  virtual int sides() const { return 1 - 1; }
};

struct Square : Shape {
  int side;
  explicit Square(int s) : side(s) {}
  int area() const override { return side * side; }
  int sides() const override { return 2 + 2; }
};
// CHECK: int area() const override { return side * side; }
// CHECK: template <class CassetteCtx> int cassette_twin_area(::cassette::Twin<CassetteCtx> cassette_ctx_) const  { return ::cassette::rt::call_op(cassette_ctx_,
// CHECK-SAME: ::cassette::op::mul{}, side, side); }
// CHECK: virtual int cassette_virtual_area(::cassette::rt::AnyTwin cassette_any_) const {{(override )?}}{ return ::cassette::rt::dispatch_virtual<int>(cassette_any_,
// CHECK-SAME: {{.*}} this->Square::cassette_twin_area(cassette_t); }, {{.*}} this->Square::area(); }); }

struct Circle : Shape {
  int r;
  explicit Circle(int radius) : r(radius) {}
  int area() const override { return r * r * 3; }
};



int use(int n) {
  Square sq(n);
  Circle c(n);
  const Shape* s = &sq;
  const Shape& ref = c;
  return s->area() + ref.area() + s->sides() + ref.sides();
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK-SAME: auto cassette_invokes_area = [](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).area(); };
// CHECK-SAME: auto cassette_twininvokes_area = [](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
// CHECK-SAME: return CASSETTE_FWD(cassette_a0).cassette_virtual_area(::cassette::rt::erase(cassette_t)); };
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Shape::area">({{[^)]*}}),
// CHECK-SAME: decltype(cassette_invokes_area){}, decltype(cassette_twininvokes_area){}, *(s))
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Shape::area">({{.*}}), {{.*}}, ref)

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A virtual call that leaves default arguments out reaches the dynamic
// target's twin. C++ takes the defaults from the function the call names
// statically, whatever the dynamic target declares: the thunk the call goes
// through is that function's own, declared beside it, and repeats its
// defaults as written (Base's 10 through a Base&, Derived's 20 through a
// Derived&). muparserx's callbacks are called so.
// OUT: pre Base::scaled(_, 1)
// OUT-NEXT:   pre +(1, 10)
// OUT-NEXT:   post + = 11
// OUT-NEXT: post Base::scaled = 11
// OUT-NEXT: pre Derived::scaled(_, 1)
// OUT-NEXT:   pre +(1, 20)
// OUT-NEXT:   post + = 21
// OUT-NEXT: post Derived::scaled = 21
// OUT-NEXT: pre +(11, 21)
// OUT-NEXT: post + = 32
// OUT-NEXT: pre Base::scaled(_, 1, 2)
// OUT-NEXT:   pre +(1, 2)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Base::scaled = 3
// OUT-NEXT: pre +(32, 3)
// OUT-NEXT: post + = 35
// OUT-NEXT: result 35 plain 35
#include "trace_context.hpp"

constexpr int base_scale = 10;

struct Base {
  virtual ~Base() = default;
  virtual int scaled(int x, int by = base_scale) const { return x * by; }
};
// CHECK: virtual int scaled(int x, int by = base_scale) const { return x * by; }
// CHECK: virtual int cassette_virtual_scaled(::cassette::rt::AnyTwin cassette_any_, int cassette_p0, int cassette_p1 = base_scale) const {

struct Derived : Base {
  int scaled(int x, int by = 20) const override { return x + by; }
};
// CHECK: int scaled(int x, int by = 20) const override { return x + by; }
// CHECK: cassette_virtual_scaled(::cassette::rt::AnyTwin cassette_any_, int cassette_p0, int cassette_p1 = 20) const override {

int use(int x) {
  Derived d;
  const Base& b = d;
  return b.scaled(x) + d.scaled(x) + b.scaled(x, 2);
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-SAME: .cassette_virtual_scaled(::cassette::rt::erase(cassette_t), CASSETTE_FWD(cassette_a1)); };

int main() { return golden::run(CASSETTE_FN(use), 1); }

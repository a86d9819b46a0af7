// Virtual member functions with ref-qualifiers (gmock's tests mock
// `virtual int f() const&& = 0;`): the virtual thunk has the function's
// qualifiers, and calls the function and its twin on `*this` as the
// qualifier asks, an rvalue for `&&` (static_cast<const Base&&>(*this)),
// since `this->f()` is an lvalue and cannot call a `&&` function.
// OUT: pre Base::left(_)
// OUT-NEXT: post Base::left = 1
// OUT-NEXT: pre std::move(_)
// OUT-NEXT: post std::move = _
// OUT-NEXT: pre Base::right(_)
// OUT-NEXT: post Base::right = 20
// OUT-NEXT: pre +(1, 20)
// OUT-NEXT: post + = 21
// OUT-NEXT: pre std::move(_)
// OUT-NEXT: post std::move = _
// OUT-NEXT: pre Base::constRight(_)
// OUT-NEXT: post Base::constRight = 30
// OUT-NEXT: pre +(21, 30)
// OUT-NEXT: post + = 51
// OUT-NEXT: pre +(51, 3)
// OUT-NEXT: post + = 54
// OUT-NEXT: result 54 plain 54
#include <utility>

#include "trace_context.hpp"

struct Base {
  virtual ~Base() = default;
  virtual int left() & { return 1; }
  virtual int right() && { return 2; }
  virtual int constRight() const&& = 0;
  // CHECK: virtual int cassette_virtual_constRight(::cassette::rt::AnyTwin cassette_any_) const && {{.*}}static_cast<const Base&&>(*this).constRight(
};
struct Derived : Base {
  int right() && override { return 20; }
  int constRight() const&& override { return 30; }
};

int use(int n) {
  Derived d;
  Base& b = d;
  return b.left() + std::move(b).right() + std::move(static_cast<const Base&>(b)).constRight() + n;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

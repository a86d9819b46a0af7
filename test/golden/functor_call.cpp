// Calling a function object `f(x)` is a call of its operator(): it reaches
// the twin of operator() with the functor as the object argument.
// OUT: pre Adder::operator()(_, 2)
// OUT-NEXT:   pre +(2, 40)
// OUT-NEXT:   post + = 42
// OUT-NEXT: post Adder::operator() = 42
// OUT-NEXT: result 42 plain 42
#include "trace_context.hpp"

struct Adder {
  int offset;
  int operator()(int x) const { return x + offset; }
  // CHECK-LABEL: cassette_twin_operator_Call(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, int x) const { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, offset); }
};

int use(int x) {
  Adder add{40};
  return add(x);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Adder::operator()">({{[^)]*}}),
// CHECK-SAME: ::Adder::cassette_calls_operator_Call{}, ::Adder::cassette_twincalls_operator_Call{}, add, x)

int main() { return golden::run(CASSETTE_FN(use), 2); }

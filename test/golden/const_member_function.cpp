// A const non-static member function called on an object reaches its twin,
// which stays const; the object is passed as the first argument of the call.
// OUT: pre Box::get(_)
// OUT-NEXT:   pre +(7, 1)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post Box::get = 8
// OUT-NEXT: pre Box::get(_)
// OUT-NEXT:   pre +(7, 1)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post Box::get = 8
// OUT-NEXT: pre +(8, 8)
// OUT-NEXT: post + = 16
// OUT-NEXT: result 16 plain 16
#include "trace_context.hpp"

struct Box {
  // CHECK-LABEL: struct Box { CASSETTE_CXX20(public: CASSETTE_MEMBER_CALLERS(get))
  int value;
  int get() const { return value + 1; }
  // CHECK: int get() const { return value + 1; }
  // CHECK-LABEL: cassette_twin_get(::cassette::Twin
  // CHECK-SAME: cassette_ctx_) const { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, value, 1); }
};

int use(int v) {
  const Box b{v};
  const Box* p = &b;
  return b.get() + p->get();
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Box::get">({{[^)]*}}),
// CHECK-SAME: ::Box::cassette_calls_get{}, ::Box::cassette_twincalls_get{}, b)
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Box::get">({{.*}}), {{.*}}, *(p))

int main() { return golden::run(CASSETTE_FN(use), 7); }

// A lambda written inside a twin captures the context slot (added to its
// capture list, whatever it was: [&], [x], []), so calls in its body are
// intercepted wherever it is called from. The call of the lambda itself is
// hooked as a "lambda call".
// OUT: pre (lambda at lambda_captures_context.cpp:{{[0-9]+}}:{{[0-9]+}})(_)
// OUT-NEXT:   pre twice(5)
// OUT-NEXT:     pre *(2, 5)
// OUT-NEXT:     post * = 10
// OUT-NEXT:   post twice = 10
// OUT-NEXT: post (lambda at {{.*}}) = 10
// OUT-NEXT: pre (lambda at {{.*}})(_)
// OUT-NEXT:   pre twice(5)
// OUT-NEXT:     pre *(2, 5)
// OUT-NEXT:     post * = 10
// OUT-NEXT:   post twice = 10
// OUT-NEXT: post (lambda at {{.*}}) = 10
// OUT-NEXT: pre +(10, 10)
// OUT-NEXT: post + = 20
// OUT-NEXT: pre (lambda at {{.*}})(_, 20)
// OUT-NEXT:   pre -(20)
// OUT-NEXT:   post - = -20
// OUT-NEXT: post (lambda at {{.*}}) = -20
// OUT-NEXT: result -20 plain -20
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

int use(int x) {
  auto by_ref = [&] { return twice(x); };
  auto by_copy = [x] { return twice(x); };
  auto none = [](int y) { return -y; };
  return none(by_ref() + by_copy());
}
// CHECK: auto by_ref = [&] { return twice(x); };
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: auto by_ref = [&] { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK: auto by_copy = [cassette_ctx_, x] { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK: auto none = [cassette_ctx_](int y) { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::neg{}, y); };
// CHECK: ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"(lambda at lambda_captures_context.cpp:{{[0-9]+}}:{{[0-9]+}})">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0)(); },
// CHECK-SAME: ::cassette::rt::no_twin{}, by_ref)

int main() { return golden::run(CASSETTE_FN(use), 5); }

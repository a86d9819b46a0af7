// Of a lambda written in a function, only the captures' initialisers and the
// body are rewritten: its parameters' defaults, its noexcept-specifier and
// its requires-clause are constants or are evaluated where it is called,
// with no context in scope there; they stay as written (a default runs
// unobserved).
// OUT: pre (lambda at lambda_parts_left_as_written.cpp:37:12)(_)
// OUT-NEXT:   pre *(7, 100)
// OUT-NEXT:   post * = 700
// OUT-NEXT: post (lambda at lambda_parts_left_as_written.cpp:37:12) = 700
// OUT-NEXT: pre (lambda at lambda_parts_left_as_written.cpp:37:12)(_, 2)
// OUT-NEXT:   pre *(2, 100)
// OUT-NEXT:   post * = 200
// OUT-NEXT: post (lambda at lambda_parts_left_as_written.cpp:37:12) = 200
// OUT-NEXT: pre +(700, 200)
// OUT-NEXT: post + = 900
// OUT-NEXT: pre (lambda at lambda_parts_left_as_written.cpp:38:12)(_)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post (lambda at lambda_parts_left_as_written.cpp:38:12) = 3
// OUT-NEXT: pre +(900, 3)
// OUT-NEXT: post + = 903
// OUT-NEXT: pre (lambda at lambda_parts_left_as_written.cpp:39:12)(_, 2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post (lambda at lambda_parts_left_as_written.cpp:39:12) = 4
// OUT-NEXT: pre +(903, 4)
// OUT-NEXT: post + = 907
// OUT-NEXT: pre +(907, 1)
// OUT-NEXT: post + = 908
// OUT-NEXT: result 908 plain 908
#include "trace_context.hpp"

constexpr int square(int x) { return x * x; }
static int next_id() { return 7; }

int use(int x) {
  auto g = [](int id = next_id()) { return id * 100; };
  auto h = [x]() noexcept(square(2) > 3) { return x + 1; };
  auto k = [](auto v) requires(square(2) > 3) { return v * 2; };
  return g() + g(x) + h() + k(x) + int(noexcept(h()));
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: auto g = [cassette_ctx_](int id = next_id()) { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, id, 100); };
// CHECK-NEXT: auto h = [cassette_ctx_, x]() noexcept(square(2) > 3) {
// CHECK-NEXT: auto k = [cassette_ctx_](auto v) requires(square(2) > 3) {

int main() { return golden::run(CASSETTE_FN(use), 2); }

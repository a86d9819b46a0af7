// A lambda that captures `*this` (its copy's `*this` is spelled by the `*`
// token alone, where the rewriter recursed without end) and one with an
// init-capture whose initialiser is rewritten (`w = v + 1`): the context's
// capture goes first in the list, so it cannot land inside the rewritten
// initialiser (`call_op(..., v, 1, cassette_ctx_)`).
// OUT: pre Counter::scaled(_, 3)
// OUT-NEXT:   pre (lambda at lambda_captures_star_this_and_init.cpp:30:14)(_)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:     pre +(6, 1)
// OUT-NEXT:     post + = 7
// OUT-NEXT:   post (lambda at lambda_captures_star_this_and_init.cpp:30:14) = 7
// OUT-NEXT: post Counter::scaled = 7
// OUT-NEXT: pre Counter::bumped(_)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre (lambda at lambda_captures_star_this_and_init.cpp:34:12)(_)
// OUT-NEXT:     pre +=(2, 3)
// OUT-NEXT:     post += = 5
// OUT-NEXT:   post (lambda at lambda_captures_star_this_and_init.cpp:34:12) = 5
// OUT-NEXT: post Counter::bumped = 5
// OUT-NEXT: pre +(7, 5)
// OUT-NEXT: post + = 12
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

struct Counter {
  int v = 2;
  int scaled(int k) const {
    auto l = [*this, k] { return v * k + 1; };
    return l();
  }
  int bumped() {
    return [*this, w = v + 1]() mutable {
      v += w;
      return v;
    }();
  }
};

int use(int k) {
  Counter c;
  return c.scaled(k) + c.bumped();
}
// CHECK: auto l = [cassette_ctx_, *this, k] { return ::cassette::rt::call_op(
// CHECK: [cassette_ctx_, *this, w = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, v, 1)]() mutable

int main() { return golden::run(CASSETTE_FN(use), 3); }

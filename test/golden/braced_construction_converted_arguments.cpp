// A braced construction whose integer constants convert to floating
// parameters (`Vec2 q{1, 1}`): forwarded through the invokers they are no
// longer constants, so the invokers construct with parentheses, which pick
// the same constructor without a narrowing check.
#include "trace_context.hpp"

struct Vec2 {
  double x, y;
  Vec2(double x_, double y_) : x(x_), y(y_) {}
};

int area(int n) {
  Vec2 q{1, 2};
  // CHECK-LABEL: cassette_twin_area(::cassette::Twin
  // CHECK: Vec2 q(::cassette::rt::call({{.*}}, ::cassette::rt::constructs<std::remove_cv_t<decltype(q)>>{},
  // CHECK-SAME: ::cassette::rt::constructs_twin<std::remove_cv_t<decltype(q)>>{}, 1, 2));
  Vec2 r = Vec2{3, 4};
  // CHECK: Vec2 r = ::cassette::rt::call({{.*}}, ::cassette::rt::constructs<Vec2>{}, ::cassette::rt::constructs_twin<Vec2>{}, 3, 4);
  Vec2* p = new Vec2{5, 6};
  // CHECK: Vec2* p = ::cassette::rt::call({{.*}} { return new Vec2(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, 5, 6);
  int s = static_cast<int>(q.x * q.y + r.x + p->y) + n;
  delete p;
  return s;
}

int main() { return golden::run(CASSETTE_FN(area), 4); }
// OUT: pre Vec2::Vec2(1, 2)
// OUT-NEXT: post Vec2::Vec2 = _
// OUT-NEXT: pre Vec2::Vec2(3, 4)
// OUT-NEXT: post Vec2::Vec2 = _
// OUT-NEXT: pre new Vec2(5, 6)
// OUT-NEXT: post new Vec2 = ptr
// OUT-NEXT: pre *(1, 2)
// OUT-NEXT: post * = 2
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre +(5, 6)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre +(11, 4)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15

// A public constructor called with parentheses is named by its class:
// `constructs<T>{}` calls it and `constructs_twin<T>{}` its twin, for any
// context, so every site that makes a T from the same argument types shares
// one instantiation of the call protocol and no site has invokers of its
// own. A private constructor (reached from the class's own factory) and a
// class template's arguments deduced from the call (`Box(n)`) keep the
// site's invokers, which have the site's access and spelling.
// OUT: pre Point::Point(5, 2)
// OUT-NEXT: post Point::Point = _
// OUT-NEXT: pre Point::Point(3, 5)
// OUT-NEXT: post Point::Point = _
// OUT-NEXT: pre Box::Box(5)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre +(5, 5)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre Token::make(5)
// OUT-NEXT:   pre +(5, 1)
// OUT-NEXT:   post + = 6
// OUT-NEXT:   pre Token::Token(6)
// OUT-NEXT:   post Token::Token = _
// OUT-NEXT: post Token::make = _
// OUT-NEXT: pre Token::value(_)
// OUT-NEXT: post Token::value = 6
// OUT-NEXT: pre +(10, 6)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre +(16, 5)
// OUT-NEXT: post + = 21
// OUT-NEXT: result 21 plain 21
#include "trace_context.hpp"

struct Point {
  int x, y;
  Point(int a, int b) : x(a), y(b) {}
};

class Token {
  int v;
  Token(int n) : v(n) {}

 public:
  static Token make(int n) { return Token(n + 1); }
  int value() const { return v; }
};

template <class T>
struct Box {
  T item;
  Box(T t) : item(t) {}
};

int use(int n) {
  Point p(n, 2);
  Point q = Point(3, n);
  Box b = Box(n);
  return p.x + q.y + Token::make(n).value() + b.item;
}
// CHECK-LABEL: cassette_twin_make(::cassette::Twin
// CHECK-SAME: { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Token::Token">({{[^)]*}}), [&](auto&& cassette_a0) -> Token { return Token(CASSETTE_FWD(cassette_a0)); },
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: Point p(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Point::Point">({{[^)]*}}), ::cassette::rt::constructs<std::remove_cv_t<decltype(p)>>{}, ::cassette::rt::constructs_twin<std::remove_cv_t<decltype(p)>>{}, n, 2));
// CHECK-NEXT: Point q = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Point::Point">({{[^)]*}}), ::cassette::rt::constructs<Point>{}, ::cassette::rt::constructs_twin<Point>{}, 3, n);
// CHECK-NEXT: Box b = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Box::Box">({{[^)]*}}), [&](auto&& cassette_a0) -> decltype(auto) { return Box(CASSETTE_FWD(cassette_a0)); },

int main() { return golden::run(CASSETTE_FN(use), 5); }

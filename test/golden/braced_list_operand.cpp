// A braced list as the right operand of an overloaded operator (`v = {x, 2}`,
// `p += {1, 2}`): its temporary (an initializer_list, a `const P&`) is made
// where the operator is written, by copy-list-initialization as there, and
// forwarded, so it lives to the end of the full-expression as in the
// original and the hooks see it.
// OUT: pre std::vector::operator=(_, _)
// OUT-NEXT: post std::vector::operator= = _
// OUT-NEXT: pre P::operator+=(_, _)
// OUT-NEXT:   pre +=(3, 1)
// OUT-NEXT:   post += = 4
// OUT-NEXT:   pre +=(0, 5)
// OUT-NEXT:   post += = 5
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post P::operator+= = _
// OUT-NEXT: pre std::vector::operator[](_, 0)
// OUT-NEXT: post std::vector::operator[] = 5
// OUT-NEXT: pre std::vector::operator[](_, 1)
// OUT-NEXT: post std::vector::operator[] = 2
// OUT-NEXT: pre +(5, 2)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre +(7, 4)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre -(11, 5)
// OUT-NEXT: post - = 6
// OUT-NEXT: pre +(6, 5)
// OUT-NEXT: post + = 11
// OUT-NEXT: result 11 plain 11
#include <vector>

#include "trace_context.hpp"

struct P {
  int a, b;
  P& operator+=(const P& o) {
    a += o.a;
    b += o.b;
    return *this;
  }
};

int use(int x) {
  std::vector<int> v;
  v = {x, 2};
  P p{3, 0};
  p += {1, x};
  return v[0] + v[1] + p.a - p.b + x;  // 5 + 2 + 4 - 5 + 5
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: [&](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) { return (CASSETTE_FWD(cassette_a0)) = (CASSETTE_FWD(cassette_a1)); },
// CHECK-SAME: ::cassette::rt::no_twin{}, v,
// CHECK-SAME: ::cassette::rt::list_initialized<::std::initializer_list< ::std::vector<int, ::std::allocator<int>>::value_type>>{{[{][{]}}x, 2}}.value)
// CHECK: ::P::cassette_twincalls_operator_PlusEqual{}, p, ::cassette::rt::list_initialized<::P>{{[{][{]}}1, x}}.value)

int main() { return golden::run(CASSETTE_FN(use), 5); }

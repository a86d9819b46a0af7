// A braced list as the right operand of an overloaded operator (`v = {x, 2}`,
// `p += {1, 2}`) stays inside the invokers bare, exactly as written: it
// cannot travel through a forwarding reference, and parenthesised it would
// be a GNU statement expression. The hooks see the left operand only.
// CHECK: [&](auto&& cassette_a0) -> decltype(auto) { return (CASSETTE_FWD(cassette_a0)) = {x, 2}; }, ::cassette::rt::no_twin{}, v)
// CHECK: [&](auto&& cassette_a0) -> decltype(auto) { return (CASSETTE_FWD(cassette_a0)) += {1, x}; }, [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).cassette_twin_operator_PlusEqual(cassette_t, {1, x}); }, p)
// OUT: pre std::vector::operator=(_)
// OUT-NEXT: post std::vector::operator= = _
// OUT-NEXT: pre P::operator+=(_)
// OUT-NEXT:   pre +=(3, 1)
// OUT-NEXT:   post += = 4
// OUT-NEXT:   pre +=(0, 5)
// OUT-NEXT:   post += = 5
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post P::operator+= = _
// OUT:      result 11 plain 11
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

int main() { return golden::run(CASSETTE_FN(use), 5); }

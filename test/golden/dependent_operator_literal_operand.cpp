// A literal left operand of an operator whose other operand depends on a
// template parameter is spelled in place; being no class, it has no member
// operator's twin to try (`0.cassette_twin_operator_EqualEqual` would read as
// a floating constant, flatbuffers' `0 == *val`): only a free operator's twin
// and the builtin operator are.
// OUT: pre is_zero(ptr)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 0
// OUT-NEXT:   pre operator==(0)
// OUT-NEXT:   post operator== = true
// OUT-NEXT: post is_zero = true
// OUT-NEXT: pre is_zero(ptr)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre operator==(_)
// OUT-NEXT:     pre ==(0, 0)
// OUT-NEXT:     post == = true
// OUT-NEXT:   post operator== = true
// OUT-NEXT: post is_zero = true
// OUT: result 2 plain 2
#include "trace_context.hpp"

struct Weight {
  int grams;
};
bool operator==(int n, const Weight& w) { return n == w.grams; }

template <class T>
bool is_zero(const T* v) {
  return 0 == *v;
}
// CHECK-LABEL: cassette_twin_is_zero(::cassette::Twin
// CHECK-NOT: 0.cassette_twin
// CHECK: requires { cassette_twin_operator_EqualEqual(cassette_t, cassette_p::of(0), cassette_p::of(CASSETTE_FWD(cassette_a1))); }

int count_zeros(int n) {
  double d = n;
  Weight w{n};
  return is_zero(&d) + is_zero(&w);
}

int main() { return golden::run(CASSETTE_FN(count_zeros), 0); }

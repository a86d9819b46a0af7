// A braced construction of a type that depends on a template parameter
// (fmt's `default_arg_formatter<Char>{out, args, loc}`, an aggregate): the
// list's elements are the call's arguments, braced as written, not a list
// inside the braces (which would initialise the first member from it).
// OUT: pre build(ptr, 3)
// OUT-NEXT:   pre holder<T>(ptr, 3)
// OUT-NEXT:   post holder<T> = _
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 4
// OUT-NEXT:   pre +(3, 4)
// OUT-NEXT:   post + = 7
// OUT-NEXT: post build = 7
// OUT-NEXT: result 7 plain 7
#include "trace_context.hpp"

template <class T>
struct holder {
  T* at;
  int n;
};

template <class T>
int build(T* p, int n) {
  auto h = holder<T>{p, n};
  return h.n + *h.at;
}
// CHECK-LABEL: cassette_twin_build(::cassette::Twin
// CHECK: -> holder<T> { return holder<T>{CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)}; }

int use(int n) {
  int v = 4;
  return build(&v, n);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A range-for whose begin/end are free functions found by argument-dependent
// lookup in an unnamed namespace: the desugared loop names them, and their
// twins, in the namespace around it (`::begin`: qualified lookup there finds
// what the unnamed namespace declares), and its calls are hooked like any
// range-for's (range_for).
// OUT: pre +(1, 1)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre (anonymous namespace)::begin(_)
// OUT-NEXT: post (anonymous namespace)::begin = ptr
// OUT-NEXT: pre (anonymous namespace)::end(_)
// OUT-NEXT:   pre +(_, 3)
// OUT-NEXT:   post + = ptr
// OUT-NEXT: post (anonymous namespace)::end = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = true
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 1
// OUT-NEXT: pre twice(1)
// OUT-NEXT:   pre *(2, 1)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
// OUT-NEXT: pre +=(0, 2)
// OUT-NEXT: post += = 2
// OUT-NEXT: pre ++(ptr)
// OUT-NEXT: post ++ = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = true
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 2
// OUT-NEXT: pre twice(2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post twice = 4
// OUT-NEXT: pre +=(2, 4)
// OUT-NEXT: post += = 6
// OUT-NEXT: pre ++(ptr)
// OUT-NEXT: post ++ = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = true
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 3
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre +=(6, 6)
// OUT-NEXT: post += = 12
// OUT-NEXT: pre ++(ptr)
// OUT-NEXT: post ++ = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = false
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

namespace {
struct Bag {
  int v[3];
};
const int* begin(const Bag& b) { return b.v; }
const int* end(const Bag& b) { return b.v + 3; }
}  // namespace

int twice(int x) { return 2 * x; }

int total(int n) {
  Bag b{{n, n + 1, n + 2}};
  int s = 0;
  for (int x : b) s += twice(x);
  // CHECK-LABEL: cassette_twin_total(::cassette::Twin
  // CHECK: auto cassette_begin_{{[0-9]+}} = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"(anonymous namespace)::begin">
  // CHECK-SAME: return ::begin(CASSETTE_FWD(cassette_a0));
  // CHECK-SAME: return ::cassette_twin_begin(cassette_t, CASSETTE_FWD(cassette_a0));
  return s;
}

int main() { return golden::run(CASSETTE_FN(total), 1); }

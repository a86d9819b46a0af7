// A friend operator defined in a class template that has a member operator
// of the same kind (gsl's span_iterator: `friend span_iterator operator+(n,
// rhs) { return rhs + n; }` beside its member `operator+(n)`). In the
// friend's twin, the dependent `rhs + n` probes for a non-member twin by an
// unqualified name, which from the class found the member twin; the invoker
// begins with `using ::cassette::rt::adl::cassette_twin_operator_Plus;`, as
// in the class's members.
// OUT: pre operator+(1, _)
// OUT-NEXT:   pre +(_, 1)
// OUT-NEXT:     pre +(ptr, 1)
// OUT-NEXT:     post + = ptr
// OUT-NEXT:     pre iter(ptr)
// OUT-NEXT:     post iter = _
// OUT-NEXT:   post + = _
// OUT-NEXT: post operator+ = _
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 2
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3
#include <cstddef>

#include "trace_context.hpp"

template <class T>
struct iter {
  T* p;
  iter operator+(std::ptrdiff_t n) const { return iter{p + n}; }
  friend iter operator+(std::ptrdiff_t n, const iter& rhs) { return rhs + n; }
};
// CHECK: friend iter cassette_twin_operator_Plus(
// CHECK-SAME: using ::cassette::rt::adl::cassette_twin_operator_Plus;

int use(int x) {
  int a[4] = {1, 2, 3, 4};
  iter<int> i{a};
  return *(1 + i).p + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

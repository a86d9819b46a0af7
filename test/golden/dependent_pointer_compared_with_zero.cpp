// `p == 0` and `0 != p` in a template, where p's type depends on a template
// parameter but is a pointer whatever it is (Imath's `const T* weights;
// if (weights == 0)`): the 0 is a null pointer constant, which an int
// forwarded through the call protocol is not. It is passed as nullptr.
// Beside an operand of type `T` the 0 stays an int (T may be int); when T
// is a pointer there, the twin does not compile and the check takes it
// away (reported).
// OUT: pre isnull(_)
// OUT-NEXT:   pre ==(nullptr, _)
// OUT-NEXT:   post == = true
// OUT-NEXT: post isnull = true
// OUT-NEXT: pre notnull(ptr)
// OUT-NEXT:   pre !=(_, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT: post notnull = true
// OUT-NEXT: pre +(true, true)
// OUT-NEXT: post + = 2
// OUT-NEXT: pre -(1, 1)
// OUT-NEXT: post - = 0
// OUT-NEXT: pre is_zero(0)
// OUT-NEXT:   pre ==(0, 0)
// OUT-NEXT:   post == = true
// OUT-NEXT: post is_zero = true
// OUT-NEXT: pre +(2, true)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

template <class T>
bool isnull(const T* p) {
  return p == 0;
}
// CHECK: return ::cassette::rt::call(cassette_ctx_, ::cassette::op::eq{}, {{.*}}, p, nullptr)

template <class T>
bool notnull(T* const* p) {
  return 0 != p;
}
// CHECK: return ::cassette::rt::call(cassette_ctx_, ::cassette::op::ne{}, {{.*}}, nullptr, p)

template <class T>
bool is_zero(T v) {
  return v == 0;
}
// CHECK: return ::cassette::rt::call(cassette_ctx_, ::cassette::op::eq{}, {{.*}}, v, 0)

int use(int x) {
  int* px = &x;
  return isnull<int>(nullptr) + notnull(&px) + is_zero(x - 1);
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

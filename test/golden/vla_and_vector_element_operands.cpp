// A variable-length array (a clang extension in C++) and a GNU vector's
// elements cannot travel through a template: an array of a variably modified
// type is no template argument, and no reference binds to a vector element.
// An operand that is such an array decayed to a pointer, or such an element
// read as a value, is passed as a prvalue of its type; a subscript of a
// vector, and an operator that writes an element, stay as written (reported).
// A call's argument of such a type is evaluated in the call's invoker
// (`first(a)` shows no argument).
// REPORT: "vector_element_operand": 4
// OUT: pre std::memset(0, 12)
// OUT-NEXT: post std::memset = ptr
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 3
// OUT-NEXT: pre first()
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 3
// OUT-NEXT: post first = 3
// OUT-NEXT: pre +(3, 3)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre *(_, _)
// OUT-NEXT: post * = _
// OUT-NEXT: pre +(9, 1)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre +(6, 10)
// OUT-NEXT: post + = 16
// OUT-NEXT: result 16 plain 16
#pragma clang diagnostic ignored "-Wvla-cxx-extension"
#include <cstring>

#include "trace_context.hpp"

typedef float float4 __attribute__((vector_size(16)));

int first(const int* p) { return p[0]; }

int use(int n) {
  int a[n];
  std::memset(a, 0, sizeof a);
  a[0] = n;
  int b = a[0] + first(a);
  // CHECK: int b = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, static_cast<int *>(a), 0),
  float4 v = {1, 2, 3, 4};
  v[1] += 1;
  // CHECK: v[1] += 1;
  float4 w = v * v;
  return b + static_cast<int>(w[1] + v[0]);
  // CHECK: static_cast<float>(w[1]), static_cast<float>(v[0])
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

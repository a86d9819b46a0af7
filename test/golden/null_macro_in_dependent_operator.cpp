// `NULL` compared with a pointer whose type depends on a template parameter
// (re2's SparseArray: `dense_.data() != NULL`). NULL is expanded (`__null`,
// GNU's null constant) so that the comparison can be hooked; forwarded as
// an operand it would arrive as a `long` ("comparison between pointer and
// integer"), so it is passed as `nullptr`.
// OUT: pre Buffer::empty(_)
// OUT-NEXT:   pre ==(ptr, _)
// OUT-NEXT:   post == = false
// OUT-NEXT: post Buffer::empty = false
// OUT-NEXT: pre +(false, 1)
// OUT-NEXT: post + = 1
// OUT-NEXT: result 1 plain 1
#include <cstddef>

#include "trace_context.hpp"

template <typename T>
struct Buffer {
  T* data;
  bool empty() const { return data == NULL; }
  // CHECK-LABEL: cassette_twin_empty(::cassette::Twin
  // CHECK: ::cassette::op::eq{}, {{.*}}, nullptr)
};

int use(int x) {
  static int cell = 0;
  Buffer<int> b{&cell};
  return b.empty() + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

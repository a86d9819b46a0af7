// An argument converted to a base that is not public: a class that
// inherits its buffer privately passes `*this` to a function and to a
// constructor taking the base (fmt's `class ostream : private
// detail::buffer<char>`, whose `print` constructs `buffer_appender<char>(*this)`).
// The conversion has access only where the call is written, not in the
// runtime that makes the call: it is made there, `static_cast<::io::buffer&>(*this)`.
// OUT: pre io::stream::print(_, 3)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre io::appender::appender(_)
// OUT-NEXT:   post io::appender::appender = _
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre io::fill(_, 3)
// OUT-NEXT:     pre +=(0, 3)
// OUT-NEXT:     post += = 3
// OUT-NEXT:   post io::fill = 3
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post io::stream::print = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

namespace io {
struct buffer {
  int size = 0;
};
inline int fill(buffer& b, int n) { return b.size += n; }
struct appender {
  explicit appender(buffer& b) : b(&b) {}
  buffer* b;
};
class stream : private buffer {
 public:
  int print(int n) {
    appender a(*this);
    return fill(*this, n) + a.b->size;
  }
};
}  // namespace io

int use(int n) {
  io::stream s;
  return s.print(n);
}
// CHECK-LABEL: cassette_twin_print(::cassette::Twin
// CHECK: static_cast<::io::buffer&>(
// CHECK: static_cast<::io::buffer&>(

int main() { return golden::run(CASSETTE_FN(use), 3); }

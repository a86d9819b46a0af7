// A member function brought into a class by `using Base::f;`, in a class
// that has an f of its own (fmt's basic_memory_buffer::append beside
// buffer<T>::append): the class's own twin hides the base's, which the
// using-declaration does not bring in, so the base's twin is named in its
// class.
// OUT: pre +(ptr, 3)
// OUT-NEXT: post + = ptr
// OUT-NEXT: pre buffer::append(_, ptr, ptr)
// OUT-NEXT:   pre -(ptr, ptr)
// OUT-NEXT:   post - = 3
// OUT-NEXT:   pre +=(0, 3)
// OUT-NEXT:   post += = 3
// OUT-NEXT: post buffer::append = _
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

struct buffer {
  int size = 0;
  void append(const char* begin, const char* end) { size += static_cast<int>(end - begin); }
};

struct memory_buffer : buffer {
  using buffer::append;
  template <class Range>
  void append(const Range& r) {
    append(r.data(), r.data() + r.size());
  }
};

int use(int n) {
  memory_buffer b;
  const char* text = "hello";
  b.append(text, text + n);
  return b.size;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: .::buffer::cassette_twin_append(cassette_t, CASSETTE_FWD(cassette_a1), CASSETTE_FWD(cassette_a2))

int main() { return golden::run(CASSETTE_FN(use), 3); }

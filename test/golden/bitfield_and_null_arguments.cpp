// Arguments that cannot travel through a forwarding reference are evaluated
// inside the invokers exactly as written: a bit-field (no reference can bind
// to it) and a null pointer constant (`0`/`NULL` forwarded would arrive as an
// integer). The hooks do not see them. As operands of builtin operators they
// are passed as prvalues instead: the bit-field's value, a typed nullptr.
// A literal 0 given to an int parameter is an ordinary argument.
// OUT: pre take_bits()
// OUT-NEXT:   pre *(5, 2)
// OUT-NEXT:   post * = 10
// OUT-NEXT: post take_bits = 10
// OUT-NEXT: pre take_ptr()
// OUT-NEXT: post take_ptr = 0
// OUT-NEXT: pre +(10, 0)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre take_ptr()
// OUT-NEXT: post take_ptr = 0
// OUT-NEXT: pre +(10, 0)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre ==(nullptr, nullptr)
// OUT-NEXT: post == = true
// OUT-NEXT: pre +(10, 6)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre +(16, true)
// OUT-NEXT: post + = 17
// OUT-NEXT: pre take_bits(0)
// OUT-NEXT:   pre *(0, 2)
// OUT-NEXT:   post * = 0
// OUT-NEXT: post take_bits = 0
// OUT-NEXT: pre +(17, 0)
// OUT-NEXT: post + = 17
// OUT-NEXT: result 17 plain 17
#include <cstddef>

#include "trace_context.hpp"

struct Flags {
  unsigned bits : 4;
};

int take_bits(int b) { return b * 2; }
int take_ptr(const int* p) { return p ? *p : 0; }

int use(int x) {
  Flags f{static_cast<unsigned>(x)};
  const int* p = nullptr;
  int a = take_bits(f.bits) + take_ptr(0) + take_ptr(NULL);
  int b = f.bits + 1;
  bool c = p == 0;
  return a + b + c + take_bits(0);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: [&]() -> decltype(auto) { return take_bits(f.bits); },
// CHECK-SAME: [&](auto& cassette_t) -> decltype(auto) { return cassette_twin_take_bits(cassette_t, f.bits); })
// CHECK: [&]() -> decltype(auto) { return take_ptr(0); }, [&](auto& cassette_t) -> decltype(auto) { return cassette_twin_take_ptr(cassette_t, 0); })
// CHECK: [&]() -> decltype(auto) { return take_ptr(NULL); }, [&](auto& cassette_t) -> decltype(auto) { return cassette_twin_take_ptr(cassette_t, NULL); })
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, static_cast<int>(f.bits), 1)
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::eq{}, p, static_cast<const int *>(nullptr))
// CHECK: ::cassette::fn<"take_bits">({{.*}}), {{.*}}, 0)

int main() { return golden::run(CASSETTE_FN(use), 5); }

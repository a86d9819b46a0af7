// Declarations `T x(args);` and `T x{args};` construct through a call: the
// variable is initialised from the call's prvalue (built in place).
// OUT: pre Num::Num(4)
// OUT-NEXT:   pre *(4, 2)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post Num::Num = _
// OUT-NEXT: pre Num::Num(10)
// OUT-NEXT:   pre *(10, 2)
// OUT-NEXT:   post * = 20
// OUT-NEXT: post Num::Num = _
// OUT-NEXT: pre +(8, 20)
// OUT-NEXT: post + = 28
// OUT-NEXT: result 28 plain 28
#include "trace_context.hpp"

struct Num {
  int v;
  Num(int x) : v(x * 2) {}
};

int use(int x) {
  Num a(x);
  const Num b{10};
  return a.v + b.v;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: Num a(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Num::Num">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<std::remove_cv_t<decltype(a)>>{},
// CHECK-SAME: ::cassette::rt::constructs_twin<std::remove_cv_t<decltype(a)>>{}, x));
// CHECK: const Num b(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Num::Num">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<std::remove_cv_t<decltype(b)>>{}, {{.*}}, 10));

int main() { return golden::run(CASSETTE_FN(use), 4); }

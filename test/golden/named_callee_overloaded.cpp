// A call of one of several overloads (none a template) passes the chosen
// overload by its address cast to its type, and its twin the same way, so
// the site still shares its instantiation with every call of that overload.
// CHECK-LABEL: cassette_twin_use(
// CHECK: ::cassette::rt::named<static_cast<int (*)(int)>(&scale)>{}, ::cassette::rt::lean_twin<static_cast<int (*)(::cassette::Twin<::cassette::rt::slot_context<decltype(cassette_ctx_)>>, int)>(&cassette_twin_scale<::cassette::rt::slot_context<decltype(cassette_ctx_)>>)>(cassette_ctx_,
// CHECK: ::cassette::rt::named<static_cast<double (*)(double, double)>(&scale)>{}
// CHECK: ::cassette::rt::named_member<static_cast<int (::Meter::*)(int) const>(&::Meter::read)>{}, ::cassette::rt::lean_member_twin<static_cast<int (::Meter::*)(::cassette::Twin<::cassette::rt::slot_context<decltype(cassette_ctx_)>>, int) const>(&::Meter::cassette_twin_read<::cassette::rt::slot_context<decltype(cassette_ctx_)>>)>(cassette_ctx_,
// OUT: pre scale(4)
// OUT-NEXT:   pre *(2, 4)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post scale = 8
// OUT-NEXT: pre scale(1.5, 2)
// OUT-NEXT:   pre *(1.5, 2)
// OUT-NEXT:   post * = 3
// OUT-NEXT: post scale = 3
// OUT-NEXT: pre +(8, 3)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre Meter::read(_, 1)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post Meter::read = 5
// OUT-NEXT: pre +(11, 5)
// OUT-NEXT: post + = 16
// OUT-NEXT: result 16 plain 16
#include "trace_context.hpp"

int scale(int x) { return 2 * x; }
double scale(double x, double by) { return x * by; }

struct Meter {
  int base;
  int read(int x) const { return base + x; }
  int read(int x) { return base - x; }
};

int use(int v) {
  const Meter m{v};
  return scale(v) + static_cast<int>(scale(1.5, 2.0)) + m.read(1);
}

int main() { return golden::run(CASSETTE_FN(use), 4); }

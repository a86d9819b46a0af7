// Constructor calls and a new-expression written in a macro argument that
// the macro expands once are rewritten in place, as in the file.
// REPORT: "skipped_by_reason": {
// REPORT-NOT: macro
// REPORT: }
// OUT: pre Meters::Meters(3)
// OUT-NEXT: post Meters::Meters = _
// OUT: pre new Meters(4)
// OUT-NEXT: post new Meters = ptr
// OUT-NEXT: pre Meters::Meters(3)
// OUT-NEXT: post Meters::Meters = _
// OUT: result 10 plain 10
#include "trace_context.hpp"

#define KEEP(...) __VA_ARGS__

struct Meters {
  explicit Meters(int v) : v(v) {}
  int v;
};

int use(int x) {
  Meters a = KEEP(Meters(x));
  Meters* p = KEEP(new Meters(x + 1));
  KEEP(Meters b(x));
  int r = a.v + p->v + b.v;
  delete p;
  return r;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: Meters a = KEEP(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meters::Meters">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<Meters>{}, ::cassette::rt::constructs_twin<Meters>{}, x));
// CHECK-NEXT: Meters* p = KEEP(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"new Meters">({{[^)]*}}),
// CHECK-SAME: {{.*}} ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, 1)));
// CHECK-NEXT: KEEP(Meters b(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meters::Meters">({{.*}}), {{.*}}, x)));

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A function whose address is taken by a namespace-scope initialiser (a
// registration table, as test frameworks build) and called through the
// pointer from a twin: the main file's anchors register its twin for every
// registered context, so the indirect call runs the twin and what the
// function does is hooked. The table holds the original addresses.
// OUT: pre (indirect call)(ptr, 2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post (indirect call) = 4
// OUT-NEXT: pre +=(0, 4)
// OUT-NEXT: post += = 4
// OUT-NEXT: pre (indirect call)(ptr, 2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT:   pre *(4, 2)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post (indirect call) = 8
// OUT-NEXT: pre +=(4, 8)
// OUT-NEXT: post += = 12
// OUT-NEXT: result 12 plain 12
#include "trace_context.hpp"

int square(int x) { return x * x; }
namespace reg {
int cube(int x) { return x * x * x; }
}  // namespace reg

struct Entry {
  const char* name;
  int (*fn)(int);
};
static Entry table[] = {{"square", square}, {"cube", &reg::cube}};

int use(int x) {
  int s = 0;
  for (const Entry& e : table) s += e.fn(x);
  return s;
}

int main() { return golden::run(CASSETTE_FN(use), 2); }
// CHECK-LABEL: template <> bool ::cassette::rt::anchor_access::run<cassette_anchor_tag_{{[0-9a-f]+}}>() {
// CHECK-NEXT: instantiate_for_registered(
// CHECK: static_cast<void>(&::cassette::rt::detail::twin_entry<CassetteCtx, static_cast<int (*)(int)>(&::square),
// CHECK-SAME: static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx, int (*)(int)>>(&::cassette_twin_square)>);
// CHECK-SAME: static_cast<void>(&::cassette::rt::detail::twin_entry<CassetteCtx, static_cast<int (*)(int)>(&::reg::cube),
// CHECK-SAME: static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx, int (*)(int)>>(&::reg::cassette_twin_cube)>);

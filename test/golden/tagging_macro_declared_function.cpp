// With --tagging, the twin of a function whose declaration a macro spells
// (printed from the AST) takes and returns tagged values where a written
// twin would, so that the anchors and the calls with tagged arguments find
// it; a parameter whose address escapes is received as `cassette_param_x`
// and kept in memory. Under a tagging context of this test's own, the
// labels go through both.
// REWRITE-ARGS: --tagging
// OUT: result 9 plain 9
// OUT-NEXT: use 9 labels 1
#include <cstdio>
#include <type_traits>

#include "label_context.hpp"
#include "trace_context.hpp"

#define HANDLER(name) int name(int n)
HANDLER(bump) { return n + 1; }
// CHECK-LABEL: cassette_twin_bump(::cassette::Twin
// CHECK-SAME: cassette_ctx_, ::cassette::value_t<CassetteCtx, int> n) -> ::cassette::value_t<CassetteCtx, int>
#define STASH(name) int name(int n, int* out)
STASH(stash) {
  int* p = &n;  // n escapes
  *out = *p;
  return n + 2;
}
// CHECK-LABEL: cassette_twin_stash(::cassette::Twin
// CHECK-SAME: cassette_ctx_, ::cassette::value_t<CassetteCtx, int> cassette_param_n,
// CHECK-SAME: int *out) -> ::cassette::value_t<CassetteCtx, int> { int n = ::cassette::rt::init(cassette_ctx_, n,
// CHECK-SAME: cassette_param_n);

int use(int x) {
  int o = 0;
  return bump(x) + stash(x, &o) + o;  // 3 + 4 + 2
}

int main() {
  int rc = golden::run(CASSETTE_FN(use), 2);
  labelled("use", CASSETTE_FN(use), 2);
  return rc;
}

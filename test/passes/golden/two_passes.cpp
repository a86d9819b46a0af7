// Two passes edit one function: the twin holds one body per set of them a
// context may name (both, each alone) and the body as written; each context
// gets the edits of exactly the passes it names.
// REWRITE-ARGS: --pass @PASSES@/libentry_exit.so --pass @PASSES@/libswap_plus.so
// CHECK-LABEL: int sum(int a, int b) { return a + b; }
// CHECK-LABEL: int cassette_twin_sum(
// CHECK: if constexpr (::cassette::rt::pass_mask<CassetteCtx, "entry_exit", "swap_plus"> == 3u)
// CHECK: else if constexpr (::cassette::rt::pass_mask<CassetteCtx, "entry_exit", "swap_plus"> == 2u)
// CHECK: else if constexpr (::cassette::rt::pass_mask<CassetteCtx, "entry_exit", "swap_plus"> == 1u)
// OUT: both:
// OUT-NEXT:   enter sum
// OUT-NEXT:   leave sum
// OUT-NEXT: = 12
// OUT-NEXT: entry_exit only:
// OUT-NEXT:   enter sum
// OUT-NEXT:   leave sum
// OUT-NEXT: = 7
// OUT-NEXT: swap_plus only:
// OUT-NEXT: = 12
// OUT-NEXT: neither:
// OUT-NEXT: = 7
#include <cstdio>

#include "pass_context.hpp"

template <class Passes>
struct Named : cassette::Context<Named<Passes>> {
  using passes = Passes;
  void log(const char* what) { std::printf("  %s\n", what); }
};

int sum(int a, int b) { return a + b; }

template <class Ctx>
void show(const char* name) {
  Ctx ctx;
  std::printf("%s:\n", name);
  int r = cassette::overdub(ctx, CASSETTE_FN(sum), 3, 4);
  std::printf("= %d\n", r);
}

int main() {
  show<Named<cassette::passes<"swap_plus", "entry_exit">>>("both");
  show<Named<cassette::passes<"entry_exit">>>("entry_exit only");
  show<Named<cassette::passes<"swap_plus">>>("swap_plus only");
  show<Named<cassette::passes<>>>("neither");
  return 0;
}

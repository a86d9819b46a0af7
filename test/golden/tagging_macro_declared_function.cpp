// With --tagging, the twin of a function whose declaration a macro spells
// (printed from the AST) takes and returns tagged values where a written
// twin would, so that the anchors and the calls with tagged arguments find
// it; a parameter whose address escapes is received as `cassette_param_x`
// and kept in memory. Under a tagging context of this test's own, the
// labels go through both.
// REWRITE-ARGS: --tagging
// CHECK: auto cassette_twin_bump(::cassette::Twin<CassetteCtx> cassette_ctx_, ::cassette::value_t<CassetteCtx, int> n) -> ::cassette::value_t<CassetteCtx, int>
// CHECK: auto cassette_twin_stash(::cassette::Twin<CassetteCtx> cassette_ctx_, ::cassette::value_t<CassetteCtx, int> cassette_param_n, int *out) -> ::cassette::value_t<CassetteCtx, int> { int n = ::cassette::init(cassette_ctx_, n, cassette_param_n);
// OUT: result 9 plain 9
// OUT-NEXT: use 9 labels 1
#include <cstdio>
#include <type_traits>

#include "trace_context.hpp"

#define HANDLER(name) int name(int n)
HANDLER(bump) { return n + 1; }
#define STASH(name) int name(int n, int* out)
STASH(stash) {
  int* p = &n;  // n escapes
  *out = *p;
  return n + 2;
}

int use(int x) {
  int o = 0;
  return bump(x) + stash(x, &o) + o;  // 3 + 4 + 2
}

// A tagging context: a value's labels are the union of its operands'.
struct Taint : cassette::Context<Taint> {
  static constexpr bool tagging_enabled = true;
};
template <class T>
  requires std::is_arithmetic_v<T>
struct cassette::metadatatype<Taint, T> {
  using type = unsigned;
  static constexpr bool default_means_none = true;
  static constexpr bool checks_memory = false;
};
template <class Op, class... A>
  requires requires { typename Op::is_operation; } && (!cassette::compound_op<Op>::is_compound) &&
           ((cassette::istaggedtype_v<A, Taint> || ...) && (std::is_arithmetic_v<cassette::untagtype_t<A>> && ...))
auto execute(Taint& c, Op op, const A&... a) {
  auto r = op(cassette::untag(a)...);
  unsigned l = (cassette::metadata_or_default<unsigned>(a, c) | ...);
  return cassette::value_t<Taint, decltype(r)>(l ? cassette::tag(r, c, l) : cassette::tag(r, c));
}

// Runs f's twin with an argument of label 1 (the code as written has no twin).
template <class F>
void labelled(const char* name, F f) {
  Taint t;
  auto x = cassette::tag(2, t, 1u);
  if constexpr (cassette::canoverdub_v<Taint, F, decltype(x)>) {
    auto r = cassette::overdub(t, f, x);
    std::printf("%s %d labels %u\n", name, cassette::untag(r), cassette::metadata_or_default<unsigned>(r, t));
  }
}

int main() {
  int rc = golden::run(CASSETTE_FN(use), 2);
  labelled("use", CASSETTE_FN(use));
  return rc;
}

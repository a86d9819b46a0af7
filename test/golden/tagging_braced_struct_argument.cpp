// With --tagging, a braced list with designators and a tagged member given
// to a by-value struct parameter (`kw(3, {.y = y})` for `int kw(int, Opts)`,
// issue 21) did not compile; then its metadata was lost, as for any
// temporary. The list is now built in a home where its fields record the
// elements' metadata (cassette::rt::temporary; x's default member
// initialiser is left to the list), the call says which object the
// parameter is copied from (`passing<1>`) and kw's twin opens by taking that
// object's metadata for `o` (`received<1>`): labels 1, as for a local
// `Opts o{.y = y}; kw(3, o)` (named). The list is built where the call is
// written, so it lives to the end of the caller's full expression.
// REWRITE-ARGS: --tagging
// OUT: pre kw(3, _)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT:   pre +(4, 2)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post kw = 6
// OUT-NEXT: result 6 plain 6
// OUT-NEXT: use 6 labels 1
// OUT-NEXT: named 6 labels 1
#include <cstdio>
#include <type_traits>

#include "label_context.hpp"
#include "trace_context.hpp"

struct Opts {
  int x = 1;
  int y = 2;
};

int kw(int a, Opts o) { return a + o.x + o.y; }
// CHECK-LABEL: cassette_twin_kw(
// CHECK-SAME: Opts o) { ::cassette::rt::received<1>(cassette_ctx_, o);

int use(int y) { return kw(3, {.y = y}); }
// CHECK-LABEL: cassette_twin_use(
// CHECK-SAME: ::cassette::rt::passing<1>(cassette_t, CASSETTE_FWD(cassette_a1))
// CHECK-SAME: 3,
// CHECK-SAME: ::cassette::rt::temporary<::Opts>(cassette_ctx_).make([&](::Opts& cassette_temporary_0_) -> ::Opts { return {.y = ::cassette::rt::init(cassette_ctx_,
// CHECK-SAME: cassette_temporary_0_.y, y)}; }))

int named(int y) {
  Opts o{.y = y};
  return kw(3, o);
}
// CHECK-LABEL: cassette_twin_named(
// CHECK: ::cassette::rt::passing<1>(cassette_t, CASSETTE_FWD(cassette_a1))

int main() {
  int rc = golden::run(CASSETTE_FN(use), 2);
  labelled("use", CASSETTE_FN(use), 2);
  labelled("named", CASSETTE_FN(named), 2);
  return rc;
}

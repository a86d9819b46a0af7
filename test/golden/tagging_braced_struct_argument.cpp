// With --tagging, a braced list with designators and a tagged member given
// to a by-value struct parameter (`kw(3, {.y = y})` for `int kw(int, Opts)`,
// issue 21) did not compile: the designated value is untagged as any list
// element that builds a temporary is. Its metadata is not kept (labels 0:
// docs/tagging.md, braced lists); a local `Opts o{.y = y};` keeps it.
// REWRITE-ARGS: --tagging
// CHECK: {.y = ::cassette::untag(y)}
// OUT: pre kw(3)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT:   pre +(4, 2)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post kw = 6
// OUT-NEXT: result 6 plain 6
// OUT-NEXT: use 6 labels 0
#include <cstdio>
#include <type_traits>

#include "label_context.hpp"
#include "trace_context.hpp"

struct Opts {
  int x = 1;
  int y = 2;
};

int kw(int a, Opts o) { return a + o.x + o.y; }

int use(int y) { return kw(3, {.y = y}); }

int main() {
  int rc = golden::run(CASSETTE_FN(use), 2);
  labelled("use", CASSETTE_FN(use), 2);
  return rc;
}

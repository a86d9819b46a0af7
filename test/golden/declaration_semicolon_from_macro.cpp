// A function declaration whose `;` comes from a macro argument
// (`void color(int) BRANCH({}, ;)`): the twin's declaration goes after the
// whole macro use, which it copies, not inside the macro's arguments.
#include "trace_context.hpp"

#define BRANCH_ON_DISABLED(if_disabled, if_not_disabled) if_not_disabled
#define NOTHING

namespace {
int color(int) BRANCH_ON_DISABLED({}, ;)
// CHECK-LABEL: int color(int) BRANCH_ON_DISABLED({}, ;)
// CHECK-NEXT: #line
// CHECK-NEXT: template <class CassetteCtx> int cassette_twin_color(::cassette::Twin<CassetteCtx>, int) BRANCH_ON_DISABLED({}, ;)
int shade(int) NOTHING;
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_shade(::cassette::Twin<CassetteCtx>, int) NOTHING;
}  // namespace

int paint(int c) { return color(c) + shade(c); }

namespace {
int color(int c) { return c + 1; }
int shade(int c) { return c * 2; }
}  // namespace

int main() { return golden::run(CASSETTE_FN(paint), 1); }
// OUT: pre (anonymous namespace)::color(1)
// OUT-NEXT:   pre +(1, 1)
// OUT-NEXT:   post + = 2
// OUT-NEXT: post (anonymous namespace)::color = 2
// OUT-NEXT: pre (anonymous namespace)::shade(1)
// OUT-NEXT:   pre *(1, 2)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post (anonymous namespace)::shade = 2
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4

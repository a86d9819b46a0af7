// A definition whose body a macro use spells (doctest's
// `void color_to_stream(std::ostream&, Color::Enum) DOCTEST_BRANCH_ON_DISABLED({}, ;)`)
// and a friend template whose header a macro spells (doctest's
// `#define DOCTEST_APPROX_PREFIX template <typename T> friend ...`) get no
// twin: a twin is copied as text through the closing brace, and adds its
// context to the template's parameters. Calls of them are hooked and run as
// written, and no call names a twin that is not there.
// REPORT: "reason": "no twin: defined by a macro (its body is in the macro)",
// REPORT-NEXT: "what": "reset"
// REPORT: "reason": "no twin: template declared by a macro",
// REPORT-NEXT: "what": "operator=="
// OUT: pre reset(5)
// OUT-NEXT: post reset = _
// OUT-NEXT: pre operator==(3, _)
// OUT-NEXT: post operator== = true
// OUT-NEXT: result 0 plain 0
#include "trace_context.hpp"

#define ENABLED_OR(on, off) on
#define EQUAL_PREFIX template <typename T> friend bool

void reset(int& x) ENABLED_OR({ x = 0; }, ;)

struct Box {
  int v;
  EQUAL_PREFIX operator==(const T& a, const Box& b) { return a == b.v; }
};

int use() {
  int x = 5;
  reset(x);
  Box b{3};
  return 3 == b ? x : 1;
}
// CHECK-NOT: cassette_twin_reset
// CHECK-NOT: cassette_twin_operator_EqualEqual
// CHECK: ::cassette::fn<"reset">({{.*}}::cassette::rt::named<&reset>{}, ::cassette::rt::no_twin{}, x);
// CHECK: ::cassette::fn<"operator==">({{.*}}::cassette::rt::no_twin{}, 3, b)

int main() { return golden::run(CASSETTE_FN(use)); }

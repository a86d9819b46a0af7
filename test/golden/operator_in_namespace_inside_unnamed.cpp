// A free operator declared in a named namespace inside an unnamed one
// (Catch2's `namespace { namespace CompilationTests { bool operator==(int,
// foo); } }`), called where its twin must be named by its namespace (an
// operand of a builtin operator in a macro's condition): the unnamed
// namespace is left out of the qualifier, which reaches it through its
// implicit using-directive.
// OUT: pre +(42, 1)
// OUT-NEXT: post + = 43
// OUT-NEXT: pre (anonymous namespace)::tests::operator==(43, _)
// OUT-NEXT:   pre ==(43, 43)
// OUT-NEXT:   post == = true
// OUT-NEXT: post (anonymous namespace)::tests::operator== = true
// OUT-NEXT: pre !(true)
// OUT-NEXT: post ! = false
// OUT-NEXT: result 0 plain 0
#include "trace_context.hpp"

namespace {
namespace tests {
struct foo {
  int i;
};
bool operator==(int a, foo f) { return a == f.i; }
}  // namespace tests
}  // namespace

int use(int x) {
  tests::foo f{43};
  return !(42 + x == f) ? 1 : 0;
}
// CHECK: ::tests::cassette_twin_operator_EqualEqual(

int main() { return golden::run(CASSETTE_FN(use), 1); }

// A function of an unnamed namespace brought into scope by a
// using-declaration (google benchmark's test helper: `using
// internal::GetTestCaseList;`, declared in internal's unnamed namespace)
// reaches its twin, named in the namespace around the unnamed one:
// qualified lookup there finds what the unnamed namespace declares, as the
// using-declaration's own lookup did.
// OUT: pre internal::(anonymous namespace)::twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post internal::(anonymous namespace)::twice = 6
// OUT-NEXT: pre +(6, 1)
// OUT-NEXT: post + = 7
// OUT-NEXT: result 7 plain 7
#include "trace_context.hpp"

namespace internal {
namespace {
int twice(int x) { return 2 * x; }
}  // namespace
}  // namespace internal

int use(int y) {
  using internal::twice;
  return twice(y) + 1;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: ::internal::cassette_twin_twice(

int main() { return golden::run(CASSETTE_FN(use), 3); }

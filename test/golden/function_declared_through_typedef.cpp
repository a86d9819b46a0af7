// Functions declared through a typedef of their type (re2's benchmarks:
// `SearchImpl SearchDFA, SearchNFA;`) and called before their definitions:
// that declaration has no parameter list to edit, so their twins' declarations
// are printed after it, and the calls reach the twins.
#include "trace_context.hpp"

typedef int BinaryOp(int a, int b);
BinaryOp add, mul;
// CHECK: BinaryOp add, mul;
// CHECK-LABEL: template <class CassetteCtx> auto cassette_twin_add(::cassette::Twin<CassetteCtx>, int, int) -> int;
// CHECK-LABEL: template <class CassetteCtx> auto cassette_twin_mul(::cassette::Twin<CassetteCtx>, int, int) -> int;

int combine(int x) { return add(x, 1) * mul(x, 2); }

int add(int a, int b) { return a + b; }
int mul(int a, int b) { return a * b; }

int main() { return golden::run(CASSETTE_FN(combine), 3); }
// OUT: pre add(3, 1)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post add = 4
// OUT-NEXT: pre mul(3, 2)
// OUT-NEXT:   pre *(3, 2)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post mul = 6
// OUT-NEXT: pre *(4, 6)
// OUT-NEXT: post * = 24
// OUT-NEXT: result 24 plain 24

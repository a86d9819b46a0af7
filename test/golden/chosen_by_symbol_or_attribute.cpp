// Functions that the linker, the loader or a clang attribute picks among
// others get no twin: a twin is an ordinary template instance, which a weak
// default's override, an alias, an ifunc's resolver (run by the loader
// before anything else), an asm label or target multiversioning would not
// reach. Calls that clang decides by what it sees where they are written
// (an enable_if overload, a pass_object_size parameter) stay as written:
// through an invoker it would see the invoker's parameter. Each is reported.
// OUT: pre platform_id()
// OUT-NEXT: post platform_id = 3
// OUT-NEXT: pre add_alias(2, 1)
// OUT-NEXT: post add_alias = 3
// OUT-NEXT: pre +(3, 3)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre fast_add(2, 2)
// OUT-NEXT: post fast_add = 4
// OUT-NEXT: pre +(6, 4)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre labelled(2)
// OUT-NEXT: post labelled = 4
// OUT-NEXT: pre +(10, 4)
// OUT-NEXT: post + = 14
// OUT-NEXT: pre +(14, 5)
// OUT-NEXT: post + = 19
// OUT-NEXT: pre pick(2)
// OUT-NEXT:   pre -(2)
// OUT-NEXT:   post - = -2
// OUT-NEXT: post pick = -2
// OUT-NEXT: pre +(19, -2)
// OUT-NEXT: post + = 17
// OUT-NEXT: pre +(17, 10)
// OUT-NEXT: post + = 27
// OUT-NEXT: result 27 plain 27
#include <cstddef>

#include "trace_context.hpp"

__attribute__((weak)) int platform_id() { return 3; }

extern "C" int add_impl(int a, int b) { return a + b; }
extern "C" int add_alias(int a, int b) __attribute__((alias("add_impl")));

extern "C" {
typedef int (*add_fn)(int, int);
add_fn resolve_add() { return add_impl; }
}
int fast_add(int, int) __attribute__((ifunc("resolve_add")));

int labelled(int x) asm("labelled_by_asm");
int labelled(int x) { return x * 2; }

static int pick(int n) __attribute__((enable_if(n > 0, "positive constant"))) { return n; }
static int pick(int n) { return -n; }

static size_t capacity(const char* const p __attribute__((pass_object_size(0)))) { return __builtin_object_size(p, 0); }

int use(int x) {
  char buffer[10] = {};
  return platform_id() + add_alias(x, 1) + fast_add(x, 2) + labelled(x) + pick(5) + pick(x) + int(capacity(buffer));
}
// CHECK-LABEL: int cassette_twin_use(
// CHECK: , pick(5)), ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"pick">({{.*}}, x)), int(capacity(buffer)));
// REPORT: "what": "platform_id"
// REPORT-NEXT: "reason_id": "no_twin_chosen_by_symbol_or_attribute"
// REPORT: "what": "resolve_add"
// REPORT-NEXT: "reason_id": "no_twin_chosen_by_symbol_or_attribute"
// REPORT: "what": "labelled"
// REPORT-NEXT: "reason_id": "no_twin_chosen_by_symbol_or_attribute"
// REPORT: "what": "pick"
// REPORT-NEXT: "reason_id": "no_twin_chosen_by_symbol_or_attribute"
// REPORT: "what": "capacity"
// REPORT-NEXT: "reason_id": "no_twin_chosen_by_symbol_or_attribute"
// REPORT: "what": "pick"
// REPORT-NEXT: "reason_id": "callee_decided_at_the_call"
// REPORT: "what": "capacity"
// REPORT-NEXT: "reason_id": "callee_decided_at_the_call"

int main() { return golden::run(CASSETTE_FN(use), 2); }

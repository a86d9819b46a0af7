// A use of a macro of the tree in which something would be left as written
// is replaced by the tokens it expands to, and the unit is rewritten again
// over that text: the calls the macro's body spells (CHECK's `fail`) and
// those in arguments it stringizes (`#cond`) or expands twice (MAX) are
// hooked. A stringized argument is a string literal in the expansion, and
// __LINE__ the use's line. A use keeps its lines (MAX's use spans two), so
// what follows keeps its line numbers. A use with nothing skipped in it
// (ID, its argument rewritten in place) stays as written.
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 3,
// REPORT-NEXT: "file": "macro_body_call_expanded.cpp",
// REPORT-NEXT: "line": 73,
// REPORT-NEXT: "macro": "CHECK"
// REPORT-NEXT: },
// REPORT-NEXT: {
// REPORT-NEXT: "column": 11,
// REPORT-NEXT: "file": "macro_body_call_expanded.cpp",
// REPORT-NEXT: "line": 74,
// REPORT-NEXT: "macro": "MAX"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre ==(6, 5)
// OUT-NEXT: post == = false
// OUT-NEXT: pre !(false)
// OUT-NEXT: post ! = true
// OUT-NEXT: pre fail(ptr, 73)
// OUT-NEXT:   pre std::printf(ptr, ptr, 73)
// OUT-NEXT: failed: twice(y) == 5 at 73
// OUT-NEXT:   post std::printf = 28
// OUT-NEXT: post fail = 28
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre twice(1)
// OUT-NEXT:   pre *(2, 1)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
// OUT-NEXT: pre >(6, 2)
// OUT-NEXT: post > = true
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre twice(2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post twice = 4
// OUT-NEXT: pre +(6, 4)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre +(10, 76)
// OUT-NEXT: post + = 86
// OUT-NEXT: failed: twice(y) == 5 at 73
// OUT-NEXT: result 86 plain 86
#include "trace_context.hpp"

int fail(const char* what, int line) { return std::printf("failed: %s at %d\n", what, line); }
int twice(int x) { return 2 * x; }

#define CHECK(cond) \
  do {              \
    if (!(cond)) fail(#cond, __LINE__); \
  } while (0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define ID(x) (x)

int use(int y) {
  CHECK(twice(y) == 5);
  int m = MAX(twice(y),
              ID(twice(1)));
  return m + ID(twice(2)) + __LINE__;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: do { if ( ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::logical_not{}, ( ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::eq{},
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">{{.*}}, y), 5) )) ) ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"fail">{{.*}}, +"twice(y) == 5", 73) ; } while ( 0 );
// CHECK-NEXT: int m = ( ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::gt{}, ( ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">{{.*}}, y) ), ( ( ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">{{.*}}, 1) ) )) ? ( ::cassette::rt::call({{.*}}, y) ) : ( ( ::cassette::rt::call({{.*}}, 1) ) ) )
// CHECK-NEXT: {{^;$}}
// CHECK-NEXT: return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, m, ID(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">{{.*}}, 2))), __LINE__);

int main() { return golden::run(CASSETTE_FN(use), 3); }

// The rewritten file maps back to the original with #line directives: the file starts at line 1
// of the original (after the runtime's includes and the protocol check), each inserted twin is
// announced with the line of the function it copies, and the original's numbering resumes after
// it. So diagnostics and debugger frames in twins point at the original lines. The directives
// name no file: __FILE__ is the name the build compiles the file by, as in the original's build
// (-ffile-prefix-map=OUT=ROOT, which cassette_overdub adds, maps it to the original's path).
// CHECK: #include <cassette/rt/unit.hpp>
// CHECK-NEXT: static_assert(::cassette::rt::protocol_version == {{[0-9]+}}, "this file was rewritten by cassette-rewrite for runtime protocol {{[0-9]+}}{{.*}}of another protocol
// CHECK-NEXT: #line 1{{$}}
// OUT: pre first(4)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post first = 5
// OUT-NEXT: pre *(5, 2)
// OUT-NEXT: post * = 10
// OUT-NEXT: result 10 plain 10
#include "trace_context.hpp"

int first(int x) { return x + 1; }
// CHECK-LABEL: int first(int x) { return x + 1; }
// CHECK-NEXT: #line 19{{$}}
// CHECK-NEXT: template <class CassetteCtx> int cassette_twin_first(
// CHECK-NEXT: #line 19{{$}}

int second(int x) {
  return first(x) * 2;
}
// CHECK-LABEL: int second(int x) {
// CHECK-NEXT:   return first(x) * 2;
// CHECK-NEXT: }
// CHECK-NEXT: #line 25{{$}}
// CHECK-NEXT: template <class CassetteCtx> int cassette_twin_second(
// CHECK-NEXT:   return ::cassette::rt::call_op({{.*}}, 2);
// CHECK-NEXT: }
// CHECK-NEXT: #line 27{{$}}

int main() { return golden::run(CASSETTE_FN(second), 4); }

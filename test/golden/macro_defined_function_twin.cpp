// Functions whose name or parameter list a macro spells, with their body
// written in the file after the macro's use, get a twin: its declaration is
// printed from the AST (return type, parameter types and names), its body
// copied and rewritten, and it is placed after the body. The test-framework
// shape `TEST(name) { ... }` declares the function, registers it and begins
// its definition; the twin has the function's real (pasted) name, and calls
// of it reach the twin. A member function defined in its class the same way
// works too.
// REPORT: "functions_twinned": [
// REPORT: "function": "TestTwice",
// OUT: pre TestTwice()
// OUT-NEXT:   pre twice(21)
// OUT-NEXT:     pre *(2, 21)
// OUT-NEXT:     post * = 42
// OUT-NEXT:   post twice = 42
// OUT-NEXT: post TestTwice = _
// OUT-NEXT: pre on_event(42)
// OUT-NEXT:   pre +(42, 1)
// OUT-NEXT:   post + = 43
// OUT-NEXT: post on_event = 43
// OUT-NEXT: pre Counter::bump(_)
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT: post Counter::bump = 1
// OUT:      result 44 plain 44
#include "trace_context.hpp"

struct Registered {
  Registered(void (*f)(), const char* name) : f(f), name(name) {}
  void (*f)();
  const char* name;
};

#define TEST(Name)                                     \
  static void Test##Name();                            \
  static Registered register_##Name(Test##Name, #Name); \
  static void Test##Name()
#define HANDLER(name) int name(int value)
#define METHOD(name) int name()

int twice(int x) { return 2 * x; }
int total = 0;

TEST(Twice)
{
  total = twice(21);
}
// CHECK-LABEL: {{^}}TEST(Twice)
// CHECK-NEXT: {
// CHECK-NEXT: total = twice(21);
// CHECK-NEXT: }
// CHECK-NEXT: #line 45
// CHECK-NEXT: template <class CassetteCtx> static auto cassette_twin_TestTwice(::cassette::Twin<CassetteCtx> cassette_ctx_) -> void {
// CHECK-NEXT: total = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">({{.*}}), {{.*}}, 21);

HANDLER(on_event) { return value + 1; }
// CHECK-LABEL: auto cassette_twin_on_event(::cassette::Twin<CassetteCtx> cassette_ctx_, int value) -> int
// CHECK-SAME: { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, value, 1); }

struct Counter {
  int n = 0;
  METHOD(bump) { return ++n; }
  // CHECK-LABEL: auto cassette_twin_bump(::cassette::Twin<CassetteCtx> cassette_ctx_) -> int
  // CHECK-SAME: { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::pre_inc{}, n); }
};

int run_all() {
  TestTwice();
  Counter c;
  return on_event(total) + c.bump();
}
// CHECK-LABEL: cassette_twin_run_all(
// CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"TestTwice">("macro_defined_function_twin.cpp", 44, 1),
// CHECK-SAME: return cassette_twin_TestTwice(cassette_t); }{{.*}})

int main() { return golden::run(CASSETTE_FN(run_all)); }

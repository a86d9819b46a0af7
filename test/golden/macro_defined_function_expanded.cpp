// What a macro of the tree defines gets a twin once its use is replaced by
// its expansion: a function whose body is in the macro (DEFINE_GETTER), and
// a test-framework registration (pugixml's TEST_FIXTURE shape): a class the
// macro writes, whose member is defined by the body written after the use,
// and a runner object whose virtual `run()` override the macro defines. Under
// a context the virtual call reaches the override's twin, and the test body
// is hooked.
// REPORT: "macros_expanded": [
// REPORT-NEXT: {
// REPORT-NEXT: "column": 1,
// REPORT-NEXT: "file": "macro_defined_function_expanded.cpp",
// REPORT-NEXT: "line": 57,
// REPORT-NEXT: "macro": "DEFINE_GETTER"
// REPORT-NEXT: },
// REPORT-NEXT: {
// REPORT-NEXT: "column": 1,
// REPORT-NEXT: "file": "macro_defined_function_expanded.cpp",
// REPORT-NEXT: "line": 62,
// REPORT-NEXT: "macro": "TEST"
// REPORT-NEXT: }
// REPORT-NEXT: ],
// OUT: pre Runner::run(_)
// OUT-NEXT:   pre helper_basic::run(_)
// OUT-NEXT:     pre get_seven()
// OUT-NEXT:     post get_seven = 7
// OUT-NEXT:     pre *(2, 7)
// OUT-NEXT:     post * = 14
// OUT-NEXT:   post helper_basic::run = 14
// OUT-NEXT: post Runner::run = 14
// OUT-NEXT: pre +=(0, 14)
// OUT-NEXT: post += = 14
// OUT-NEXT: result 14 plain 14
#include "trace_context.hpp"

struct Runner {
  virtual int run() = 0;
  Runner* next;
  static Runner* first;
  Runner() : next(first) { first = this; }
};
Runner* Runner::first = nullptr;

#define DEFINE_GETTER(name, value) \
  int get_##name() { return value; }
#define TEST(name)                                       \
  struct helper_##name {                                 \
    int run();                                           \
  };                                                     \
  static struct runner_##name : Runner {                 \
    int run() override {                                 \
      helper_##name h;                                   \
      return h.run();                                    \
    }                                                    \
  } runner_instance_##name;                              \
  int helper_##name::run()

DEFINE_GETTER(seven, 7)
// CHECK-LABEL: int get_seven ( ) { return 7 ; }
// CHECK-NEXT: #line
// CHECK-NEXT: template <class CassetteCtx> int cassette_twin_get_seven

TEST(basic) { return 2 * get_seven(); }
// CHECK: static struct runner_basic : Runner { int run ( ) override { helper_basic h ; return h . run ( ) ; }
// CHECK: template <class CassetteCtx> int cassette_twin_run (::cassette::Twin<CassetteCtx> cassette_ctx_)  { helper_basic h ;
// CHECK-SAME: return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"helper_basic::run">
// CHECK: virtual int cassette_virtual_run(::cassette::rt::AnyTwin cassette_any_) override
// CHECK: } runner_instance_basic ; int helper_basic :: run ( ) { return 2 * get_seven(); }
// CHECK-LABEL: int helper_basic :: cassette_twin_run (::cassette::Twin<CassetteCtx> cassette_ctx_)
// CHECK-SAME: { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, 2, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"get_seven">

int use() {
  int sum = 0;
  for (Runner* r = Runner::first; r; r = r->next) sum += r->run();
  return sum;
}

int main() { return golden::run(CASSETTE_FN(use)); }

// What a macro defines that cannot get a twin, each reported with its
// reason: a function whose body is in the macro, and a member function that
// the macro declares inside a class it writes (pugixml's TEST_FIXTURE shape)
// even though its body is in the file: the twin would need a declaration in
// that class. Calls of them are hooked and run as written.
// With --no-expand-macros (and for a macro defined outside --root, which is
// never expanded); by default the uses are replaced by their expansion
// (macro_defined_function_expanded).
// REWRITE-ARGS: --no-expand-macros
// REPORT: "reason": "no twin: defined by a macro (its body is in the macro)",
// REPORT-NEXT: "what": "get_seven"
// REPORT: "reason": "no twin: member declared in its class by a macro (its twin cannot be declared there)",
// REPORT-NEXT: "what": "helper_basic::run"
// OUT: pre get_seven()
// OUT-NEXT: post get_seven = 7
// OUT-NEXT: pre helper_basic::run(_)
// OUT-NEXT: post helper_basic::run = 14
// OUT-NEXT: result 14 plain 14
#include "trace_context.hpp"

#define DEFINE_GETTER(name, value) \
  int get_##name() { return value; }
#define FIXTURE(name)            \
  struct helper_##name {         \
    int run();                   \
  };                             \
  int helper_##name::run()

DEFINE_GETTER(seven, 7)

FIXTURE(basic) { return 2 * get_seven(); }

int use() {
  get_seven();
  helper_basic h;
  return h.run();
}

int main() { return golden::run(CASSETTE_FN(use)); }

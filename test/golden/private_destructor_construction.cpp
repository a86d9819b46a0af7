// A class whose destructor is private (a singleton) may be constructed only
// where the class allows it: the call protocol returns results by value,
// which needs the destructor, so such a construction (and a call returning
// such a class by value) is left as written and reported.
#include "trace_context.hpp"

class Registry {
 public:
  static const Registry& instance();
  int value() const { return v + 0; }

 private:
  Registry() : v(42) {}
  ~Registry() = default;
  int v;
};

const Registry& Registry::instance() {
  static const Registry r;
  // CHECK-LABEL: Registry::instance() {
  // CHECK-NEXT: static const Registry r;
  return r;
}

int answer(int) { return Registry::instance().value(); }

int main() { return golden::run(CASSETTE_FN(answer), 0); }
// OUT: pre Registry::instance()
// OUT-NEXT: post Registry::instance = _
// OUT-NEXT: pre Registry::value(_)
// OUT-NEXT:   pre +(42, 0)
// OUT-NEXT:   post + = 42
// OUT-NEXT: post Registry::value = 42
// OUT-NEXT: result 42 plain 42
// REPORT: "reason": "result of a class whose destructor is not public (the call protocol returns it by value)",
// REPORT-NEXT: "what": "Registry::Registry"

// A parameter whose type has a function type among its template arguments
// (spdlog's `const std::function<void(const std::shared_ptr<logger>)>&`),
// spelled in the anchor at global scope: every type is qualified, inside
// the function type too.
// OUT: pre app::apply_all(_)
// OUT-NEXT:   pre std::function::operator()(_, _)
// OUT-NEXT:   post std::function::operator() = _
// OUT-NEXT: post app::apply_all = _
// OUT-NEXT: pre +(7, 3)
// OUT-NEXT: post + = 10
// OUT-NEXT: result 10 plain 10
#include <functional>

#include "trace_context.hpp"

namespace app {
struct logger {
  int id;
};
void apply_all(const std::function<void(const logger&)>& fun) {
  logger l{7};
  fun(l);
}
}  // namespace app

int use(int n) {
  int seen = 0;
  app::apply_all([&](const app::logger& l) { seen = l.id; });
  return seen + n;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }
// CHECK-LABEL: bool ::cassette::rt::anchor_access::run<
// CHECK: static_cast<void (*)(::cassette::Twin<CassetteCtx>, const ::std::function<void (const ::app::logger &)> &)>(&::app::cassette_twin_apply_all)

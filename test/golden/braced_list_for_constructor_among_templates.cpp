// A braced list for a constructor's std::initializer_list parameter, in a
// class that has other constructor templates (CLI11's
// `CLI::Transformer({{"one", "1"}}, CLI::ignore_case)`, whose class also has
// `template <class T, class F> Transformer(T, F)`). Made where the call is
// written and forwarded, the list would reach the invokers as a
// std::initializer_list, which, unlike a braced list, deduces those
// templates' parameters: overload resolution there may pick another
// constructor, or none (CLI11's tests: "call to constructor of
// 'CLI::Transformer' is ambiguous"). So the invokers write the list as the
// original does (with the arguments after it, to keep their order): the
// hooks do not see them. The construction copies the list. The ambiguity
// showed in CLI11's TransformTest.cpp; this small class does not reproduce
// it, and pins the rule.
// OUT: pre cli::Tr::Tr()
// OUT-NEXT:   pre std::vector::vector(_)
// OUT-NEXT:   post std::vector::vector = _
// OUT-NEXT:   pre std::forward(_)
// OUT-NEXT:   post std::forward = _
// OUT-NEXT: post cli::Tr::Tr = _
// OUT-NEXT: result 2 plain 2
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "trace_context.hpp"

namespace cli {
inline std::string lower(std::string s) { return s; }
struct Tr {
  template <typename... Args>
  Tr(std::initializer_list<std::pair<std::string, std::string>> values, Args&&... args)
      : Tr(std::vector<std::pair<std::string, std::string>>(values), std::forward<Args>(args)...) {}
  template <typename T, typename F>
  explicit Tr(T mapping, F f) {
    n = static_cast<int>(mapping.size());
    (void)f;
  }
  int n = 0;
};
}  // namespace cli

int use() { return cli::Tr({{"one", "1"}, {"two", "2"}}, cli::lower).n; }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK-NOT: list_initialized
// CHECK: return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"cli::Tr::Tr">

int main() { return golden::run(CASSETTE_FN(use)); }

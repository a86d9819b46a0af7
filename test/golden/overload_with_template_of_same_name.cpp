// A function that is not a template, beside a function template of the same
// name (spdlog's logger::log(loc, lvl, string_view_t) and log(loc, lvl,
// format_string_t<Args...>, Args&&...)): a call that picks the first because
// it is not a template would be ambiguous between their twins, which are
// both templates. Its twin is called with the context as template argument,
// which the template's twin cannot take in that place.
// OUT: pre logger::log(_, 3, _)
// OUT-NEXT:   pre std::basic_string_view::size(_)
// OUT-NEXT:   post std::basic_string_view::size = 3
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT:   pre +=(0, 6)
// OUT-NEXT:   post += = 6
// OUT-NEXT: post logger::log = _
// OUT-NEXT: pre logger::log(_, 3, _, 1.5)
// OUT-NEXT:   pre size(_)
// OUT-NEXT:   post size = 2
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT:   pre +=(6, 6)
// OUT-NEXT:   post += = 12
// OUT-NEXT: post logger::log = _
// OUT-NEXT: pre describe(ptr)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'A'
// OUT-NEXT: post describe = 65
// OUT-NEXT: pre +(12, 65)
// OUT-NEXT: post + = 77
// OUT-NEXT: pre describe(3)
// OUT-NEXT: post describe = 1
// OUT-NEXT: pre +(77, 1)
// OUT-NEXT: post + = 78
// OUT-NEXT: result 78 plain 78
#include <string_view>
#include <type_traits>

#include "trace_context.hpp"

template <class... Args>
struct checked {
  std::string_view text;
  checked(const char* s) : text(s) {}
};

struct logger {
  int written = 0;
  template <class... Args>
  void log(int level, checked<std::type_identity_t<Args>...> fmt, Args&&... args) {
    written += level + static_cast<int>(fmt.text.size() + sizeof...(args));
  }
  void log(int level, std::string_view msg) { written += level + static_cast<int>(msg.size()); }
};

template <class T>
int describe(const T&) {
  return 1;
}
int describe(const char* s) { return s[0]; }

int use(int n) {
  logger l;
  l.log(n, "abc");      // the one that is not a template
  l.log(n, "ab", 1.5);  // the template
  return l.written + describe("A") + describe(n);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: .template cassette_twin_log<::cassette::rt::slot_context<decltype(cassette_t)>>(::cassette::rt::exact_slot(cassette_t), CASSETTE_FWD(cassette_a1), CASSETTE_FWD(cassette_a2))
// CHECK: cassette_twin_describe<::cassette::rt::slot_context<decltype(cassette_t)>>(::cassette::rt::exact_slot(cassette_t), CASSETTE_FWD(cassette_a0))

int main() { return golden::run(CASSETTE_FN(use), 3); }

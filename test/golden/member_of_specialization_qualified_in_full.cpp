// A parameter type written as a member of a specialization, with the
// arguments as the declaring class sees them: `typename ::lib::Pick<0,
// const Mark&, const std::string&>::type` (gmock's mock methods spell every
// parameter so; yaml-cpp's mocks of its event handler). A call that converts
// an argument to such a parameter names the type where the call stands.
// Printed as written, the qualifier's arguments lost their scope (`Mark`,
// `basic_string<char, char_traits<char>, ...>`), which names nothing outside
// `app`; they are qualified in full.
// OUT: pre app::Sink::take(_, _, _, _)
// OUT-NEXT:   pre std::basic_string::size("ab")
// OUT-NEXT:   post std::basic_string::size = 2
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT:   pre +(40, 4)
// OUT-NEXT:   post + = 44
// OUT-NEXT: post app::Sink::take = 44
// OUT-NEXT: result 44 plain 44
#include <string>

#include "trace_context.hpp"

namespace lib {
template <int N, class... T>
struct Pick;
template <class H, class... T>
struct Pick<0, H, T...> {
  typedef H type;
};
template <int N, class H, class... T>
struct Pick<N, H, T...> {
  typedef typename Pick<N - 1, T...>::type type;
};
template <class T>
struct Box {
  Box(T v) : v(v) {}
  T v;
};
}  // namespace lib

namespace app {
struct Mark {
  int line;
};
enum Kind { plain = 1, quoted = 2 };
struct Sink {
  int take(const lib::Box<typename ::lib::Pick<0, const Mark&, const std::string&, Kind>::type>& m,
           const lib::Box<typename ::lib::Pick<1, const Mark&, const std::string&, Kind>::type>& s,
           const lib::Box<typename ::lib::Pick<2, const Mark&, const std::string&, Kind>::type>& k) {
    return m.v.line + static_cast<int>(s.v.size()) * k.v;
  }
};
}  // namespace app

int use(int n) {
  app::Sink k;
  app::Mark m{n};
  std::string s = "ab";
  return k.take(m, s, app::quoted);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::list_initialized<::lib::Box<typename ::lib::Pick<0, const ::app::Mark &, const ::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char>> &, ::app::Kind>::type>>(m).value
// CHECK-SAME: ::cassette::rt::list_initialized<::lib::Box<typename ::lib::Pick<1, const ::app::Mark &, const ::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char>> &, ::app::Kind>::type>>(s).value
// CHECK-SAME: ::cassette::rt::list_initialized<::lib::Box<typename ::lib::Pick<2, const ::app::Mark &, const ::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char>> &, ::app::Kind>::type>>(app::quoted).value

int main() { return golden::run(CASSETTE_FN(use), 40); }

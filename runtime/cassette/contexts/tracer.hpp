// Tracer: writes every intercepted call to a file, indented by call depth,
// with its arguments, and its result when it returns:
//
//   ns::f(2, 3)
//     *(2, 3)
//     => 6
//   => 7
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

#include "../cassette.hpp"
#include "fmt.hpp"
#include "output_path.hpp"

namespace cassette {

/// How the tracer prints a value: numbers, characters, strings, pointers and
/// anything with an `operator<<`; other values print as `_`. Overload
/// `show_value(std::string&, const T&)` in T's namespace to change that.
template <class T>
void show_value(std::string& out, const T& v) {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    out += v ? "true" : "false";
  } else if constexpr (std::is_same_v<U, char>) {
    out += '\'';
    out += v;
    out += '\'';
  } else if constexpr (std::is_integral_v<U>) {  // wchar_t, char8_t, ... print as numbers too
    if constexpr (std::is_signed_v<U>) fmt::format_to(std::back_inserter(out), "{}", static_cast<long long>(v));
    else fmt::format_to(std::back_inserter(out), "{}", static_cast<unsigned long long>(v));
  } else if constexpr (std::is_floating_point_v<U>) {
    fmt::format_to(std::back_inserter(out), "{:.17g}", static_cast<double>(v));  // round-trips
  } else if constexpr (std::is_enum_v<U>) {
    fmt::format_to(std::back_inserter(out), "{}", static_cast<std::underlying_type_t<U>>(v));
  } else if constexpr (std::is_convertible_v<const U&, std::string_view> && !std::is_null_pointer_v<U>) {
    if constexpr (std::is_pointer_v<U>)
      if (v == nullptr) return show_value(out, static_cast<const void*>(nullptr));  // no string to read
    out += '"';
    out += std::string_view(v);
    out += '"';
  } else if constexpr (std::is_pointer_v<U> || std::is_null_pointer_v<U>) {
    // A C cast: function pointers and pointers to volatile print too.
    fmt::format_to(std::back_inserter(out), "{}", (const void*)v);
  } else if constexpr (std::is_member_pointer_v<U>) {
    out += '_';  // `os << pm` would print it converted to bool
  } else if constexpr (requires(std::ostream& os) { os << v; }) {
    std::ostringstream os;
    os << v;
    out += os.str();
  } else {
    out += '_';
  }
}

namespace detail {
inline unsigned next_tracer_id() {
  static unsigned last = 0;
  return ++last;
}
// The last Tracer that wrote where F is: each trace says it once, on F's
// first call in it.
template <class F>
inline unsigned placed_by_tracer = 0;
}  // namespace detail

struct Tracer : Context<Tracer> {
  static constexpr hook hook_kinds = hook::prehook | hook::posthook;
  std::FILE* out = stderr;
  int depth = 0;
  std::string line;  // reused buffer
  detail::streamed_file file;  // whole-program mode's $CASSETTE_TRACE
  unsigned id = detail::next_tracer_id();

  Tracer() = default;
  explicit Tracer(std::FILE* f) : out(f) {}
};

template <class F, class... A>
void prehook(Tracer& t, const F& f, const A&... a) {
  t.line.assign(2 * static_cast<std::size_t>(t.depth), ' ');
  t.line += name(f);
  t.line += '(';
  bool first = true;
  ((t.line += first ? "" : ", ", first = false, show_value(t.line, a)), ...);
  t.line += ')';
  // The callee's first call in this trace says where it is declared (an
  // indirect call: where it is made), as `cassette-trace text` does.
  if (detail::placed_by_tracer<F> != t.id) {
    detail::placed_by_tracer<F> = t.id;
    if (source_location at = location(f); at.file && *at.file)
      fmt::format_to(std::back_inserter(t.line), "  @ {}:{}", at.file, at.line);
  }
  t.line += '\n';
  std::fputs(t.line.c_str(), t.out);
  ++t.depth;
}

template <class R, class F, class... A>
void posthook(Tracer& t, const R& r, const F&, const A&...) {
  --t.depth;
  t.line.assign(2 * static_cast<std::size_t>(t.depth), ' ');
  t.line += "=> ";
  if constexpr (std::is_same_v<R, Nothing>) t.line += "void";
  else if constexpr (std::is_same_v<R, Unobservable>) t.line += "(not copyable)";
  else show_value(t.line, r);
  t.line += '\n';
  std::fputs(t.line.c_str(), t.out);
}

/// Whole-program mode: the trace goes to $CASSETTE_TRACE (or
/// cassette-trace.txt); `%p` in it becomes the process id (output_path.hpp).
/// It is written to `<file>.tmp<pid>` and renamed at exit: a run that dies
/// leaves the last run's trace in place and its own, cut short, under the
/// temporary name.
inline void whole_program_start(Tracer& t) {
  if (t.file.open(detail::output_path("CASSETTE_TRACE", "cassette-trace.txt"))) t.out = t.file.file;
}
inline void whole_program_finish(Tracer& t) {
  if (t.out == t.file.file) t.out = stderr;
  t.file.finish();
}

}  // namespace cassette
#pragma GCC visibility pop

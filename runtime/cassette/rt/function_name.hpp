// What `__func__`, `__FUNCTION__` and `__PRETTY_FUNCTION__` mean in the twin
// of a template: the original instance's name. In a twin they would name the
// twin (`cassette_twin_f`, its `::cassette::Twin<CassetteCtx>` parameter, the
// context among the template arguments), and code that cuts a type out of
// its own name (doctest's type_to_string, magic_enum's enum names) would read
// the wrong one. Where the name is known when rewriting (a function that is
// no template) the rewriter writes it in; in a template it is known only per
// instance, so the twin writes
//   ::cassette::rt::original_function_name<__PRETTY_FUNCTION__, "cassette_twin_f", "f">::value
// and the compiler that prints the twin's name (clang: `[T = int, CassetteCtx
// = C]`, g++: `[with T = int; CassetteCtx = C]`) turns it back into the
// original's. `value` is an array of the original's length, so `sizeof` and
// pointer arithmetic on it mean what they meant.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstddef>
#include <string_view>

#include "../callee.hpp"  // name_literal

namespace cassette::rt {
namespace detail {

constexpr bool is_identifier_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/// Where the bracketed value starting at `from` ends: the first `,`, `;` or
/// `]` outside brackets of any kind.
constexpr std::size_t end_of_value(std::string_view s, std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i < s.size(); ++i) {
    char c = s[i];
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == '>' || c == ')' || c == '}') && depth > 0) --depth;
    else if (c == ']' && depth == 0) return i;
    else if (c == ']') --depth;
    else if ((c == ',' || c == ';') && depth == 0) return i;
  }
  return s.size();
}

/// Copies the template argument list at `open` but its last argument (the
/// context), spaced as g++ spaces it; returns where the list ends.
template <class Put, class TailIs>
constexpr std::size_t drop_last_argument(std::string_view s, std::size_t open, Put& put, TailIs& tail_is) {
  int depth = 0;
  std::size_t last = open, close = open;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '<' || s[i] == '(') ++depth;
    else if ((s[i] == '>' || s[i] == ')') && --depth == 0) {
      close = i;
      break;
    } else if (s[i] == ',' && depth == 1) last = i;
  }
  if (close == open) return open;  // unbalanced: left as it is
  if (last == open) return close + 1;
  for (std::size_t i = open; i < last; ++i) put(s[i]);
  if (tail_is(">")) put(' ');
  put('>');
  return close + 1;
}

/// Writes the name `twin` spells for the original `original_name` (the
/// twin's own name being `twin_name`) to `out`, which has room for it
/// (original_function_name::capacity); returns its length.
constexpr std::size_t untwin(std::string_view twin, std::string_view twin_name, std::string_view original_name,
                             char* out) {
  std::size_t n = 0;
  auto put = [&](char c) { out[n++] = c; };
  // Whether what is written so far ends so (a separator to drop).
  auto tail_is = [&](std::string_view t) {
    return n >= t.size() && std::string_view(out + n - t.size(), t.size()) == t;
  };
  constexpr std::string_view context = "CassetteCtx = ";
  std::size_t i = 0;
  while (i < twin.size()) {
    std::string_view rest = twin.substr(i);
    bool word_start = i == 0 || !is_identifier_char(twin[i - 1]);
    // The twin's name, where a name starts and ends.
    if (word_start && rest.starts_with(twin_name) &&
        (rest.size() == twin_name.size() || !is_identifier_char(rest[twin_name.size()]))) {
      for (char c : original_name) put(c);
      i += twin_name.size();
      // g++ names an enclosing twin with its template arguments
      // (`f<int, C>()::<lambda()>`); the context is the last.
      if (i < twin.size() && twin[i] == '<') i = drop_last_argument(twin, i, put, tail_is);
      continue;
    }
    // The slot parameter (`::cassette::Twin<C>`, g++: `cassette::Twin<C>`),
    // with the separator after it or, if it is last, before it.
    std::string_view slot = rest.substr(rest.starts_with("::") ? 2 : 0);
    if ((tail_is("(") || tail_is(", ")) && slot.starts_with("cassette::Twin<")) {
      int depth = 0;
      std::size_t j = i + (rest.size() - slot.size()) + slot.find('<');
      for (; j < twin.size(); ++j) {
        if (twin[j] == '<') ++depth;
        else if (twin[j] == '>' && --depth == 0) break;
      }
      i = j + 1;
      if (twin.substr(i).starts_with(", ")) i += 2;
      else if (tail_is(", ")) n -= 2;
      continue;
    }
    // The context among the template arguments: `[T = int, CassetteCtx = C]`
    // (clang), `[with CassetteCtx = C; T = int]` (g++).
    if (word_start && rest.starts_with(context) &&
        (tail_is("[") || tail_is("[with ") || tail_is(", ") || tail_is("; "))) {
      std::size_t end = end_of_value(twin, i + context.size());
      if (end < twin.size() && twin[end] != ']') {
        i = end + 1;
        if (i < twin.size() && twin[i] == ' ') ++i;
        continue;
      }
      i = end;  // at ']': the last argument
      if (tail_is(", ") || tail_is("; ")) n -= 2;
      if (tail_is(" [with ")) n -= 7, ++i;
      else if (tail_is(" [")) n -= 2, ++i;
      continue;
    }
    put(twin[i]);
    ++i;
  }
  return n;
}

}  // namespace detail

/// The original's `__func__`/`__PRETTY_FUNCTION__` from the twin's
/// (`Written`), its name being `TwinName` and the original's `OriginalName`.
template <name_literal Written, name_literal TwinName, name_literal OriginalName>
struct original_function_name {
  // Every occurrence of the twin's name may become the original's.
  static constexpr std::size_t capacity =
      sizeof(Written.text) + (sizeof(Written.text) / sizeof(TwinName.text) + 1) * sizeof(OriginalName.text);
  struct buffer {
    char text[capacity];
    std::size_t size;
  };
  static constexpr buffer built = [] {
    buffer b{};
    b.size = detail::untwin(Written.view(), TwinName.view(), OriginalName.view(), b.text);
    return b;
  }();
  struct storage {
    char text[built.size + 1];
  };
  static constexpr storage chars = [] {
    storage s{};
    for (std::size_t i = 0; i < built.size; ++i) s.text[i] = built.text[i];
    return s;
  }();
  static constexpr const char (&value)[built.size + 1] = chars.text;
};

}  // namespace cassette::rt
#pragma GCC visibility pop

// `__func__` and `__PRETTY_FUNCTION__` in the twin of a template name the
// original instance, as the compiler prints it (clang `[T = int]`, g++
// `[with T = int]`), not the twin (its name, its context parameter,
// `CassetteCtx = ...`): doctest cuts a type's name out of
// `__PRETTY_FUNCTION__`, magic_enum an enumerator's, by offsets and sizeof.
// Built with g++ too.
// ALSO-GXX
// OUT: pre type_name_length()
// OUT-NEXT:   pre strstr(ptr, ptr)
// OUT-NEXT:   post strstr = ptr
// OUT-NEXT:   pre +(ptr, 4)
// OUT-NEXT:   post + = ptr
// OUT-NEXT:   pre std::strcspn(ptr, ptr)
// OUT-NEXT:   post std::strcspn = 3
// OUT-NEXT: post type_name_length = 3
// OUT-NEXT: pre type_name_length()
// OUT-NEXT:   pre strstr(ptr, ptr)
// OUT-NEXT:   post strstr = ptr
// OUT-NEXT:   pre +(ptr, 4)
// OUT-NEXT:   post + = ptr
// OUT-NEXT:   pre std::strcspn(ptr, ptr)
// OUT-NEXT:   post std::strcspn = 5
// OUT-NEXT: post type_name_length = 5
// OUT-NEXT: pre +=(3, 5)
// OUT-NEXT: post += = 8
// OUT-NEXT: pre Box::label()
// OUT-NEXT: post Box::label = 6
// OUT-NEXT: pre +=(8, 6)
// OUT-NEXT: post += = 14
// OUT-NEXT: pre Box::pretty(_)
// OUT-NEXT:   pre std::basic_string_view::ends_with(_, ptr)
// OUT-NEXT:   post std::basic_string_view::ends_with = true
// OUT-NEXT:   pre std::basic_string_view::find(_, ptr)
// OUT-NEXT:   post std::basic_string_view::find = -1
// OUT-NEXT:   pre ==(-1, -1)
// OUT-NEXT:   post == = true
// OUT-NEXT: post Box::pretty = true
// OUT-NEXT: pre +=(14, true)
// OUT-NEXT: post += = 15
// OUT-NEXT: pre plain()
// OUT-NEXT: post plain = 6
// OUT-NEXT: pre +=(15, 6)
// OUT-NEXT: post += = 21
// OUT-NEXT: pre *(1, 21)
// OUT-NEXT: post * = 21
// OUT-NEXT: result 21 plain 21
#include <cstring>
#include <string_view>

#include "trace_context.hpp"

struct Point {};

// doctest's type_to_string, reduced: the type between `T = ` and `]` or `;`.
template <class T> int type_name_length() {
  const char* s = __PRETTY_FUNCTION__;
  const char* b = std::strstr(s, "T = ") + 4;
  return static_cast<int>(std::strcspn(b, ";]"));
}
// CHECK-LABEL: cassette_twin_type_name_length(::cassette::Twin<CassetteCtx> cassette_ctx_) {
// CHECK-NEXT: const char* s = ::cassette::rt::original_function_name<__PRETTY_FUNCTION__, "cassette_twin_type_name_length", "type_name_length">::value;

template <class T> struct Box {
  static int label() { return sizeof(__func__); }
  // Of the original's length (magic_enum's `sizeof(__PRETTY_FUNCTION__) - 36`),
  // naming no context; the rest differs between clang and g++.
  bool pretty() const {
    constexpr std::size_t length = sizeof(__PRETTY_FUNCTION__) - 1;
    std::string_view name(__PRETTY_FUNCTION__, length);
    return name.ends_with(" = Point]") && name.find("Cassette") == name.npos;
  }
};
// CHECK-LABEL: cassette_twin_label(::cassette::Twin<CassetteCtx>) { return
// CHECK-SAME: sizeof(::cassette::rt::original_function_name<__func__, "cassette_twin_label", "label">::value)
// CHECK-LABEL: cassette_twin_pretty(::cassette::Twin<CassetteCtx> cassette_ctx_) const {
// CHECK-NEXT: constexpr std::size_t length = sizeof(::cassette::rt::original_function_name<__PRETTY_FUNCTION__, "cassette_twin_pretty", "pretty">::value) - 1;
// CHECK-NEXT: std::string_view name(::cassette::rt::original_function_name<__PRETTY_FUNCTION__, "cassette_twin_pretty", "pretty">::value, length);

// A function that is no template: the original's name is written in.
int plain() { return sizeof(__func__); }
// CHECK-LABEL: cassette_twin_plain(::cassette::Twin<CassetteCtx>) { return sizeof("plain"); }

int names(int scale) {
  Box<Point> b;
  int total = type_name_length<int>();
  total += type_name_length<Point>();
  total += Box<int>::label();
  total += b.pretty();
  total += plain();
  return scale * total;
}

int main() { return golden::run(CASSETTE_FN(names), 1); }

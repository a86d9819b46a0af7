// A string literal passed to a `char*` parameter: the conversion from the
// literal's `const char[N]` to `char*` (C++03's, which Clang still accepts)
// applies to the literal only, not to a forwarded `const char(&)[N]`. The
// argument carries it explicitly, so the hooks still see it. csmith's
// `transparent_crc(g_2, "g_2", flag)` is such a call (csmith_transparent_crc).
// OUT: pre name_length(ptr)
// OUT: post name_length = 3
// OUT: pre name_length(ptr)
// OUT: post name_length = 4
// OUT: pre const_length(ptr)
// OUT: post const_length = 2
// OUT: result 10 plain 10
#include "trace_context.hpp"

#pragma clang diagnostic ignored "-Wwritable-strings"

int name_length(char* name) {
  int n = 0;
  while (name[n] != '\0') ++n;
  return n;
}

int const_length(const char* s) { return s[0] == 'x' ? 2 : 0; }

int use(int x) { return name_length("g_2") + name_length(("abcd")) + const_length("xy") + x - 1; }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::fn<"name_length">({{[^)]*}}), ::cassette::rt::named<&name_length>{},
// CHECK-SAME: {{.*}}, const_cast<char *>("g_2"))
// CHECK: ::cassette::fn<"name_length">({{.*}}), {{.*}}, const_cast<char *>(("abcd")))
// A literal given to a `const char*` parameter is forwarded as written.
// CHECK: ::cassette::fn<"const_length">({{.*}}), {{.*}}, +"xy")

int main() { return golden::run(CASSETTE_FN(use), 2); }

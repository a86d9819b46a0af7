// A conversion function whose type begins with a qualifier
// (`operator const char*`, jsoncpp's StaticString): its twin returns that
// whole type. The type is taken from the text after `operator`, since a
// TypeLoc's range leaves a leading `const` out (the twin returned `char*`:
// "cannot initialize return object of type 'char *' with an lvalue of type
// 'const char *const'").
// OUT: pre Name::operator const char *(_)
// OUT-NEXT: post Name::operator const char * = ptr
// OUT-NEXT: pre std::strlen(ptr)
// OUT-NEXT: post std::strlen = 3
// OUT-NEXT: pre +(3, 3)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include <cstring>

#include "trace_context.hpp"

struct Name {
  const char* text;
  operator const char*() const { return text; }
};
// CHECK-LABEL: struct Name {
// CHECK: template <class CassetteCtx> const char* cassette_twin_conversion_const_char__P(::cassette::Twin<CassetteCtx>) const { return text; }

unsigned long length(unsigned long n) {
  Name name{"abc"};
  const char* p = name;
  return std::strlen(p) + n;
}
// CHECK-LABEL: cassette_twin_length(
// CHECK: ::cassette::fn<"Name::operator const char *">
// CHECK-SAME: cassette_twin_conversion_const_char__P(cassette_t)

int main() { return golden::run(CASSETTE_FN(length), 3ul); }

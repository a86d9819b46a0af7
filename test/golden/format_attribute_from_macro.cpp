// A format attribute that a macro spells (glog's
// `GLOG_ATTRIBUTE_FORMAT(printf, 3, 4)` before a definition): the twin's
// context slot comes first, so the macro's use is replaced in the twin by
// the attribute with each position one more. The original keeps the macro.
#include <cstdarg>
#include <cstdio>

#include "trace_context.hpp"

#define ATTRIBUTE_FORMAT(archetype, string_index, first_to_check) \
  __attribute__((format(archetype, string_index, first_to_check)))

ATTRIBUTE_FORMAT(printf, 2, 3)
static int log_to(char* out, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = std::vsnprintf(out, 32, format, ap);
  va_end(ap);
  return n;
}
// CHECK: ATTRIBUTE_FORMAT(printf, 2, 3)
// CHECK-NEXT: static int log_to(char* out, const char* format, ...) {
// CHECK: template <class CassetteCtx> __attribute__((format(printf, 3, 4)))
// CHECK-NEXT: static int cassette_twin_log_to(::cassette::Twin<CassetteCtx> cassette_ctx_, char* out, const char* format, ...) {

int use(int x) {
  char buf[32];
  return log_to(buf, "x=%d", x);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

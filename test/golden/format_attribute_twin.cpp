// Attributes that name parameters by position (a logger's printf format,
// leveldb's Log): the twin's context slot comes first, so each position is
// one more, or clang rejects the twin ("format argument not a string type").
#include <cstdarg>
#include <cstdio>

#include "trace_context.hpp"

int log_to(char* out, const char* format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((__format__(__printf__, 2, 3)))
#endif
    ;
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_log_to(::cassette::Twin<CassetteCtx>, char* out, const char* format, ...)
// CHECK-NEXT: #if
// CHECK-NEXT: __attribute__((format(printf, 3, 4)))

int log_to(char* out, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = std::vsnprintf(out, 32, format, ap);
  va_end(ap);
  return n;
}

const char* pick(int i, const char* fmt) __attribute__((format_arg(2)));
// CHECK-LABEL: cassette_twin_pick(::cassette::Twin<CassetteCtx>, int i, const char* fmt) __attribute__((format_arg(3)));
const char* pick(int i, const char* fmt) { return i ? fmt : "%d"; }

int use(int x) {
  char buf[32];
  return log_to(buf, pick(1, "x=%d"), x);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }
// OUT: pre pick(1, ptr)
// OUT-NEXT: post pick = ptr
// OUT-NEXT: pre log_to(ptr, ptr, 3)
// OUT-NEXT:   pre std::vsnprintf(ptr, 32, ptr, ptr)
// OUT-NEXT:   post std::vsnprintf = 3
// OUT-NEXT: post log_to = 3
// OUT-NEXT: result 3 plain 3

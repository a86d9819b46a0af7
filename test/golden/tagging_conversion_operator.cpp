// With --tagging, a conversion operator's twin returns the type it converts
// to, plain (`operator bool` yields a bool the language can branch on), and
// the anchor that keeps an out-of-line twin instantiated names that same
// type (a tagged one would name no function).
// REWRITE-ARGS: --tagging
// OUT: result 3 plain 3
#include "trace_context.hpp"

struct Result {
  int status;
  operator bool() const;
  // CHECK-LABEL: template <class CassetteCtx> bool cassette_twin_conversion_bool(::cassette::Twin<CassetteCtx>) const;
};

Result::operator bool() const { return status == 0; }

int use(int s) {
  Result ok{0}, bad{s};
  return (ok ? 1 : 0) + (bad ? 10 : 2);
}

int main() { return golden::run(CASSETTE_FN(use), 4); }
// CHECK: static_cast<bool (::Result::*)(::cassette::Twin<CassetteCtx>) const>(&::Result::cassette_twin_conversion_bool);

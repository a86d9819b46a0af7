// A function first declared outside --root (a generated header in the build
// directory) and defined in the tree by its qualified name, and befriended
// by a class before that: the friend's twin and the qualified definition's
// twin both need the twin declared in its namespace first (glog's
// `friend base::Logger* base::GetLogger(LogSeverity);`). The file declares
// it before the first declaration at file scope that names it.
// OUT: pre outside::base::logger_level(1)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post outside::base::logger_level = 5
// OUT-NEXT: result 5 plain 5
#include "outside.hpp"
#include "trace_context.hpp"

// CHECK: extern "C++" { namespace outside { namespace base { template <class CassetteCtx> auto cassette_twin_logger_level(::cassette::Twin<CassetteCtx>, int severity) -> int; } } }
namespace outside {
class Destinations {
  friend int base::logger_level(int);
  static int offset;
};
// CHECK: friend int base::cassette_twin_logger_level(::cassette::Twin<CassetteCtx>, int);
int Destinations::offset = 4;

int base::logger_level(int severity) { return Destinations::offset + severity; }
// CHECK: template <class CassetteCtx> int base::cassette_twin_logger_level(::cassette::Twin<CassetteCtx> cassette_ctx_, int severity) {
}  // namespace outside

int use(int x) { return outside::base::logger_level(x); }

int main() { return golden::run(CASSETTE_FN(use), 1); }

// A class template's constructor and destructor named with its template
// arguments (qhull's `QhullSet<T>(const Qhull &q, setT *s)` and
// `~QhullSet<T>()`, allowed before C++20 and accepted by clang with a
// warning): after the twin's own template header, `QhullSet<T>(...)` reads
// as a partial specialization of a function template. The twins are named
// without the arguments. (Whole-program mode: destructors get twins there.)
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre use(1)
// OUT-NEXT:   pre Set::Set(1)
// OUT-NEXT:   post Set::Set = _
// OUT-NEXT:   pre Set::Set(_)
// OUT-NEXT:     pre +(1, 1)
// OUT-NEXT:     post + = 2
// OUT-NEXT:   post Set::Set = _
// OUT-NEXT:   pre Set::get(_)
// OUT-NEXT:   post Set::get = 2
// OUT-NEXT: post use = 2
// OUT-NEXT: pre -(2, 2)
// OUT-NEXT: post - = 0
#include "trace_context.hpp"

template <class T>
struct Set {
  T first;
  Set<T>(T v) : first(v) {}
  Set<T>(const Set<T>& o) : first(o.first + 1) {}
  ~Set<T>() { first = 0; }
  T get() const { return first; }
};
// CHECK: template <class CassetteCtx> Set(::cassette::Twin<CassetteCtx>, T v) : first(v) {}
// CHECK: template <class CassetteCtx> void cassette_twin_destructor(::cassette::Twin<CassetteCtx>) { first = 0; }

int use(int x) {
  Set<int> s(x);
  Set<int> t(s);
  return t.get();
}

int main() { return use(1) - 2; }

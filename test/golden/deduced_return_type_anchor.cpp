// A function whose return type is deduced (`decltype(auto)`, `auto`) or
// written as `decltype(expr)`: its anchor names the twin's type, and printed
// as it stood, the deduced type was vector's member typedef unqualified
// (`value_type &`) and `decltype(v[0])` named a parameter out of its scope.
// Both are now spelled as the type they stand for.
// OUT: pre std::vector::vector()
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre first(_)
// OUT-NEXT:   pre std::vector::operator[](_, 0)
// OUT-NEXT:   post std::vector::operator[] = 3
// OUT-NEXT: post first = 3
// OUT-NEXT: pre first(_)
// OUT-NEXT:   pre std::vector::operator[](_, 0)
// OUT-NEXT:   post std::vector::operator[] = 1
// OUT-NEXT: post first = 1
// OUT-NEXT: pre last(_)
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 3
// OUT-NEXT:   pre -(3, 1)
// OUT-NEXT:   post - = 2
// OUT-NEXT:   pre std::vector::operator[](_, 2)
// OUT-NEXT:   post std::vector::operator[] = 5
// OUT-NEXT: post last = 5
// OUT-NEXT: pre +(1, 5)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre size_of(_)
// OUT-NEXT: post size_of = 3
// OUT-NEXT: pre +(6, 3)
// OUT-NEXT: post + = 9
// OUT-NEXT: result 9 plain 9
#include <vector>

#include "trace_context.hpp"

decltype(auto) first(std::vector<int>& v) { return (v[0]); }
auto last(std::vector<int>& v) -> decltype(v[0]) { return v[v.size() - 1]; }
auto size_of(const std::vector<int>& v) { return v.size(); }
// CHECK: static_cast<::{{.*}}::value_type & (*)(::cassette::Twin<CassetteCtx>, ::std::vector<int> &)>(&::cassette_twin_first)
// CHECK: static_cast<::{{.*}}::value_type & (*)(::cassette::Twin<CassetteCtx>, ::std::vector<int> &)>(&::cassette_twin_last)

int use(int x) {
  std::vector<int> v{3, 4, 5};
  first(v) = x;
  return first(v) + last(v) + (int)size_of(v);
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

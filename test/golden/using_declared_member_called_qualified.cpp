// A base's member brought in by `using Base::count;` into a class template
// that has a `count` of its own, called with a qualifier that names the
// derived class (qhull's `QhullSet<QhullFacet>::count()`): lookup in that
// class finds its own twins, which hide the base's (a using-declaration
// brings in `count`, not its twin). The twin is named in the base, as the
// call without a qualifier already was; a qualified call, not virtual,
// either way.
// OUT: pre FacetSet::count(_)
// OUT-NEXT:   pre SetBase::count(_)
// OUT-NEXT:   post SetBase::count = 2
// OUT-NEXT:   pre Set::count(_, 5)
// OUT-NEXT:     pre >(5, 0)
// OUT-NEXT:     post > = true
// OUT-NEXT:   post Set::count = 2
// OUT-NEXT:   pre +(2, 2)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post FacetSet::count = 4
// OUT-NEXT: pre +(4, 1)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5
#include "trace_context.hpp"

struct SetBase {
  int n = 2;
  int count() const { return n; }
};
template <class T>
struct Set : SetBase {
  using SetBase::count;
  int count(const T& t) const { return t > 0 ? n : 0; }
};
struct FacetSet : Set<int> {
  int count() const { return Set<int>::count() + Set<int>::count(5); }
};
// CHECK: .::SetBase::cassette_twin_count(cassette_t)

int use(int x) {
  FacetSet f;
  return f.count() + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

// The address of a function template's specialization passed on
// (`apply(&geo::turned<float>, x)`) is cast to its type in the rewritten
// call, where that type's template argument was written as a name in the
// library's namespace (glm's `mat<4, 4, T, defaultp>`, a default argument
// too): printed as written, `defaultp` names nothing at the call. A
// non-type argument is spelled as its value: the enumerator with its scope.
// CHECK: static_cast<::geo::mat<2, float, geo::packed_highp> (*)(const float &)>(&geo::turned<float>)
// OUT: pre apply(3)
// OUT-NEXT:   pre (indirect call)(ptr, 3)
// OUT-NEXT:     pre mat<2, T, defaultp>()
// OUT-NEXT:       pre -(3)
// OUT-NEXT:       post - = -3
// OUT-NEXT:     post mat<2, T, defaultp> = _
// OUT-NEXT:   post (indirect call) = _
// OUT-NEXT:   pre [](_, 1)
// OUT-NEXT:   post [] = -3
// OUT-NEXT: post apply = -3
// OUT-NEXT: result -3 plain -3
#include "trace_context.hpp"

namespace geo {
enum qualifier { packed_highp, highp = packed_highp, defaultp = highp, lowp };
template <int N, class T, qualifier Q = defaultp>
struct mat {
  T v[N];
};
template <class T>
mat<2, T, defaultp> turned(const T& a) {
  return mat<2, T, defaultp>{{a, -a}};
}
}  // namespace geo

template <class F>
float apply(F f, float x) {
  return f(x).v[1];
}

int use(int n) { return static_cast<int>(apply(&geo::turned<float>, static_cast<float>(n))); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

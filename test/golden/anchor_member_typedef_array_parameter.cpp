// A parameter declared as an array or a function decays to a pointer; the
// declarations the rewriter writes (here the anchors, which stand at namespace
// scope) spell it as declared, with its scope: `const real F[]` of a member
// typedef is `const ::DST::real[]` (as `const real *` it would name nothing
// there), an array of arrays keeps its bound, a function parameter is a
// function type, and a typedef that is a private member is spelled as
// written too (its class befriends the anchors).
// OUT: result 17 plain 17
#include "trace_context.hpp"

struct DST {
  typedef double real;                     // member typedef
  static real sum(const real F[], int n);  // array parameter of that typedef
  static real trace(real m[][2], int n);   // array of arrays
  static int apply(int g(int), int x);     // function parameter
};
DST::real DST::sum(const real F[], int n) {
  real s = 0;
  for (int i = 0; i < n; ++i) s += F[i];
  return s;
}
DST::real DST::trace(real m[][2], int n) {
  real s = 0;
  for (int i = 0; i < n; ++i) s += m[i][i];
  return s;
}
int DST::apply(int g(int), int x) { return g(x); }

struct Outer {
  struct Inner {
    typedef double real;  // member typedef of a nested class
    static real first(const real a[3]);
  };
};
Outer::Inner::real Outer::Inner::first(const real a[3]) { return a[0]; }

class Hidden {
  typedef double secret;  // private: the anchor spells what it names
 public:
  static double head(const secret a[]);
};
double Hidden::head(const secret a[]) { return a[0]; }

int inc(int v) { return v + 1; }

int use(int x) {
  double a[2] = {1, 2};
  double m[2][2] = {{3, 0}, {0, 4}};
  return static_cast<int>(DST::sum(a, 2) + DST::trace(m, 2) + Outer::Inner::first(a) + Hidden::head(a)) +
         DST::apply(inc, x) + x;  // 3 + 7 + 1 + 1 + 3 + 2
}

int main() { return golden::run(CASSETTE_FN(use), 2); }
// CHECK-LABEL: template <> bool ::cassette::rt::anchor_access::run<cassette_anchor_tag_{{[0-9a-f]+}}>() {
// CHECK: static_cast<::DST::real (*)(::cassette::Twin<CassetteCtx>, const ::DST::real[], int)>(&::DST::cassette_twin_sum)
// CHECK: static_cast<::DST::real (*)(::cassette::Twin<CassetteCtx>, ::DST::real[][2], int)>(&::DST::cassette_twin_trace)
// CHECK: static_cast<int (*)(::cassette::Twin<CassetteCtx>, int (int), int)>(&::DST::cassette_twin_apply)
// CHECK: static_cast<::Outer::Inner::real (*)(::cassette::Twin<CassetteCtx>, const ::Outer::Inner::real[3])>(&::Outer::Inner::cassette_twin_first)
// CHECK: static_cast<double (*)(::cassette::Twin<CassetteCtx>, const ::Hidden::secret[])>(&::Hidden::cassette_twin_head)

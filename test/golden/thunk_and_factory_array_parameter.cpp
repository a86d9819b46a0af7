// Array and function parameters in the other declarations the rewriter
// writes from types: a virtual thunk, a constructor's factory
// (`cassette_construct_`) and a twin printed for a function a macro declares
// spell a parameter as declared, with its scope (`const ::Shape::real
// cassette_p0[]`, not `const real *`). A member typedef of a class template
// stays as written in its thunk (qualified, it would name the template's
// first specialisation). A factory defined out of line, beside its
// constructor's definition, takes that definition's text.
// OUT: pre Shape::sum(_, ptr, 2)
// OUT-NEXT:   pre <(0, 2)
// OUT: result 22 plain 22
#include "trace_context.hpp"

struct Shape {
  typedef double real;
  virtual ~Shape() = default;
  virtual real sum(const real F[], int n) const;  // array parameter of a member typedef
  virtual real trace(real m[][2], int n) const { return m[0][0] + m[n - 1][n - 1]; }
  virtual int apply(int g(int), int x) const { return g(x); }  // function parameter
};
// CHECK: virtual ::Shape::real cassette_virtual_sum(::cassette::rt::AnyTwin cassette_any_, const ::Shape::real cassette_p0[], int cassette_p1) const
// CHECK: virtual ::Shape::real cassette_virtual_trace(::cassette::rt::AnyTwin cassette_any_, ::Shape::real cassette_p0[][2], int cassette_p1) const
// CHECK: virtual int cassette_virtual_apply(::cassette::rt::AnyTwin cassette_any_, int (cassette_p0)(int), int cassette_p1) const
Shape::real Shape::sum(const real F[], int n) const {
  real s = 0;
  for (int i = 0; i < n; ++i) s += F[i];
  return s;
}

template <class T>
struct Acc {
  typedef T real;
  virtual ~Acc() = default;
  virtual real sum(const real F[], int n) const { return n > 1 ? F[0] + F[1] : F[0]; }
  static real first(const real F[]) { return F[0]; }
};
// CHECK: virtual real cassette_virtual_sum(::cassette::rt::AnyTwin cassette_any_, const real cassette_p0[], int cassette_p1) const

struct Buf {
  typedef double real;
  Buf(const real F[], int n);  // defined out of line: a factory
  real head;
};
Buf::Buf(const real F[], int n) : head(n > 0 ? F[0] : 0) {}
// CHECK: auto Buf::cassette_construct_(::cassette::Twin<CassetteCtx> cassette_t, const real cassette_p0[], int cassette_p1) -> Buf

#define DEFINE(name) double name(const Shape::real F[], double m[][2])
DEFINE(printed) { return F[0] + m[1][1]; }
// CHECK-LABEL: cassette_twin_printed(::cassette::Twin
// CHECK-SAME: cassette_ctx_, const ::Shape::real F[], double m[][2]) -> double

int inc(int v) { return v + 1; }

int use(int x) {
  Shape s;
  Acc<double> a;
  double v[2] = {1, 2};
  double m[2][2] = {{3, 0}, {0, 4}};
  const Shape& r = s;
  const Acc<double>& q = a;
  double t = r.sum(v, 2) + r.trace(m, 2) + r.apply(inc, x) + q.sum(v, 2) + Acc<double>::first(v) + Buf(v, 2).head +
             printed(v, m);
  return static_cast<int>(t);  // 3 + 7 + 2 + 3 + 1 + 1 + 5
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

// With --tagging, the address of a function whose twin takes plain values
// where the pointer's type passes tagged ones is not registered: a static
// member of a class template taking `T` (its twin keeps `T`, here double,
// while a pointer `double (*)(double)` passes a tagged double), a function
// template named with explicit template arguments, or one whose `T` also
// appears as `const T&`. A call through such a pointer runs the original
// (untagged), as a direct call with tagged arguments does; the address stays
// as written and the report says so. A twin whose types are not dependent
// (`Half`), or a function template whose `T` the pointer deduces as the
// tagged type (`thrice`), is registered, and the metadata flows through the
// call. Under a tagging context of this test's own, the labels show which.
// REWRITE-ARGS: --tagging
// REPORT: "reason": "--tagging: function address whose twin takes plain values where the pointer passes tagged ones
// OUT: result 20.25 plain 20.25
// OUT-NEXT: viaTwice 3 labels 0
// OUT-NEXT: viaAddress 3 labels 0
// OUT-NEXT: viaHalf 0.75 labels 1
// OUT-NEXT: viaThrice 4.5 labels 1
// OUT-NEXT: viaExplicit 6 labels 0
// OUT-NEXT: viaMixed 3 labels 0
#include <cstdio>
#include <type_traits>

#include "label_context.hpp"
#include "trace_context.hpp"

template <typename T>
struct MathImpl {
  static T Twice(T v) { return v + v; }           // static member of a class template, T = double
  static double Half(double v) { return v / 2; }  // its types are not dependent
};
template <typename T>
T thrice(T v) {
  return v + v + v;
}
template <typename T>
T quad(T v) {
  return v * 4;
}
template <typename T>
T mixed(T v, const T& w) {
  return v + w;
}

using fun_type = double (*)(double);
double apply(fun_type f, double x) { return f(x); }
double apply2(double (*f)(double, const double&), double x) { return f(x, x); }

double viaTwice(double x) { return apply(MathImpl<double>::Twice, x); }  // its address taken
// CHECK-LABEL: cassette_twin_viaTwice(
// CHECK-SAME: return apply(MathImpl<double>::Twice, CASSETTE_FWD(cassette_a1));
double viaAddress(double x) { return apply(&MathImpl<double>::Twice, x); }
// CHECK-LABEL: cassette_twin_viaAddress(
// CHECK-SAME: return apply(&MathImpl<double>::Twice, CASSETTE_FWD(cassette_a1));
double viaHalf(double x) { return apply(MathImpl<double>::Half, x); }
// CHECK-LABEL: cassette_twin_viaHalf(
// CHECK-SAME: ::cassette::rt::twin_address<CassetteCtx, static_cast<double (*)(double)>(&MathImpl<double>::Half),
// CHECK-SAME: static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx,
// CHECK-SAME: double (*)(double)>>(&MathImpl<double>::cassette_twin_Half)>()
double viaThrice(double x) { return apply(thrice, x); }
// CHECK-LABEL: cassette_twin_viaThrice(
// CHECK-SAME: ::cassette::rt::twin_address<CassetteCtx, static_cast<double (*)(double)>(&thrice),
// CHECK-SAME: static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx, double (*)(double)>>(&cassette_twin_thrice)>()
double viaExplicit(double x) { return apply(quad<double>, x); }
// CHECK-LABEL: cassette_twin_viaExplicit(
// CHECK-SAME: return apply(quad<double>, CASSETTE_FWD(cassette_a1));
double viaMixed(double x) { return apply2(mixed, x); }
// CHECK-LABEL: cassette_twin_viaMixed(
// CHECK-SAME: return apply2(mixed, CASSETTE_FWD(cassette_a1));

double use(double x) { return viaTwice(x) + viaAddress(x) + viaHalf(x) + viaThrice(x) + viaExplicit(x) + viaMixed(x); }

int main() {
  int rc = golden::run(CASSETTE_FN(use), 1.5);
  labelled("viaTwice", CASSETTE_FN(viaTwice), 1.5);
  labelled("viaAddress", CASSETTE_FN(viaAddress), 1.5);
  labelled("viaHalf", CASSETTE_FN(viaHalf), 1.5);
  labelled("viaThrice", CASSETTE_FN(viaThrice), 1.5);
  labelled("viaExplicit", CASSETTE_FN(viaExplicit), 1.5);
  labelled("viaMixed", CASSETTE_FN(viaMixed), 1.5);
  return rc;
}

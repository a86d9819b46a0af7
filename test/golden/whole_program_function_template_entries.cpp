// Whole-program mode: a function template's original forwards to its twin's
// instance for the same template arguments, so that a static initialiser and
// main's twin share one static local (a per-type counter, a singleton). A
// template first declared by its definition gets its twin's declaration
// before it, on one line; a member template's twin is found in its class.
// A template whose definition writes a default argument, or with an invented
// (`auto`) parameter, runs its original (a note says which).
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
#include <cstdio>

#include "trace_context.hpp"

template <class T> int& counter() {
  static int c = 0;
  return c;
}
// CHECK: template <class T, class CassetteCtx> int& cassette_twin_counter(::cassette::Twin<CassetteCtx>); template <class T> int& counter() {
// CHECK-SAME: if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_counter<T>)(::cassette::rt::program_twin<golden::TraceCtx>());

template <class T>
T& instance()  // one object per type
{
  static T t;
  return t;
}
// CHECK: template <class T, class CassetteCtx> T& cassette_twin_instance(::cassette::Twin<CassetteCtx>); template <class T>
// CHECK: { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_instance<T>)(

template <int N, class... Ts> int weighted(Ts... ts) { return N * (ts + ...); }
// CHECK: template <int N, class... Ts, class CassetteCtx> int cassette_twin_weighted(::cassette::Twin<CassetteCtx>, Ts... ts); template <int N, class... Ts> int weighted(Ts... ts) {
// CHECK-SAME: return (cassette_twin_weighted<N, Ts...>)(::cassette::rt::program_twin<golden::TraceCtx>(), static_cast<decltype(ts)&&>(ts)...);

template <class T, class U = long> U widened(T x) { return U(x) + 1; }
// CHECK: template <class T, class U = long> U widened(T x) { return

int plus_one(auto x) { return x + 1; }
// CHECK: int plus_one(auto x) { return

template <class T> struct Box {
  T v;
  template <class U> T scaled(U by) const { return v * by; }
  // CHECK: template <class U> T scaled(U by) const { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return this->template cassette_twin_scaled<U>(
  template <class U> static T made(U from) { return T(from) - 1; }
  // CHECK: template <class U> static T made(U from) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return cassette_twin_made<U>(
};

// Declared first, defined later: the declaration's twin is declared beside
// it; an out-of-line member template's twin is declared in its class.
template <class T> T halved(T x);
template <class T> T halved(T x) { return x / 2; }
// CHECK: template <class T> T halved(T x) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_halved<T>)(
struct Meter {
  int base;
  template <class U> int plus(U u) const;
};
template <class U> int Meter::plus(U u) const { return base + int(u); }
// CHECK: template <class U> int Meter::plus(U u) const { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return this->template cassette_twin_plus<U>(

struct Registrar {
  Registrar() {  // constructors run their originals: these calls enter the twins
    ++counter<Registrar>();
    instance<int>() += 10;
  }
};
static Registrar registrar;
static int early = weighted<2>(1, 2) + widened(3) + plus_one(4) + Box<int>{3}.scaled(2) + Box<int>::made(7) + halved(8) + Meter{1}.plus(2);

// The static initialisers' calls enter the twins (traced), the defaulted
// template and the one with an `auto` parameter run as written; then main.
// (a fold expression's operators are not calls: weighted's `*` is the first)
// OUT: pre *(2, 3)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre *(3, 2)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre T(7)
// OUT-NEXT: post T = 7
// OUT-NEXT: pre -(7, 1)
// OUT-NEXT: post - = 6
// OUT-NEXT: pre /(8, 2)
// OUT-NEXT: post / = 4
// OUT-NEXT: pre int(2)
// OUT-NEXT: post int = 2
// OUT-NEXT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT: counter 2 instance 11 early 34
int main() {
  ++counter<Registrar>();
  instance<int>() += 1;
  std::printf("counter %d instance %d early %d\n", counter<Registrar>(), instance<int>(), early);
}

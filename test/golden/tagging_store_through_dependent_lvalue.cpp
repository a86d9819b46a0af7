// With --tagging, what a dependent call returns (a twin's tagged value under
// a tagging context) stored through a place of a known number type in a
// template (`r[i] = mark(e + 0.0, m)`, issue 21) did not compile: it is
// stored as any store is, with its metadata (labels 1 below). (`mark(e, m)`
// would pass the place `e` names, as a dependent call's argument may bind to
// a reference: its metadata is not read there, docs/tagging.md.)
// REWRITE-ARGS: --tagging
// OUT: pre std::vector::vector()
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre std::vector::vector(2)
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre mark_all(_, _, 3)
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(0, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre std::vector::operator[](_, 0)
// OUT-NEXT:   post std::vector::operator[] = 2
// OUT-NEXT:   pre std::vector::operator[](_, 0)
// OUT-NEXT:   post std::vector::operator[] = 0
// OUT-NEXT:   pre +(2, 0)
// OUT-NEXT:   post + = 2
// OUT-NEXT:   pre mark(2, 3)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post mark = 6
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(1, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre std::vector::operator[](_, 1)
// OUT-NEXT:   post std::vector::operator[] = 4
// OUT-NEXT:   pre std::vector::operator[](_, 1)
// OUT-NEXT:   post std::vector::operator[] = 0
// OUT-NEXT:   pre +(4, 0)
// OUT-NEXT:   post + = 4
// OUT-NEXT:   pre mark(4, 3)
// OUT-NEXT:     pre *(4, 3)
// OUT-NEXT:     post * = 12
// OUT-NEXT:   post mark = 12
// OUT-NEXT:   pre ++(1)
// OUT-NEXT:   post ++ = 2
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(2, 2)
// OUT-NEXT:   post < = false
// OUT-NEXT: post mark_all = _
// OUT-NEXT: pre std::vector::operator[](_, 0)
// OUT-NEXT: post std::vector::operator[] = 6
// OUT-NEXT: pre std::vector::operator[](_, 1)
// OUT-NEXT: post std::vector::operator[] = 12
// OUT-NEXT: pre +(6, 12)
// OUT-NEXT: post + = 18
// OUT-NEXT: result 18 plain 18
// OUT-NEXT: use 18 labels 1
#include <cstdio>
#include <type_traits>
#include <vector>

#include "label_context.hpp"
#include "trace_context.hpp"

double mark(double x, int m) { return x * m; }

template <class M>
void mark_all(std::vector<double>& r, const std::vector<double>& v, M m) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    double e = v[i];
    r[i] = mark(e + 0.0, m);
  }
}
// CHECK-LABEL: cassette_twin_mark_all(::cassette::Twin
// CHECK: ::cassette::rt::assign(cassette_ctx_, ::cassette::rt::call(

double use(double x) {
  std::vector<double> v{x, 2 * x};
  std::vector<double> r(2);
  mark_all(r, v, 3);
  return r[0] + r[1];
}

int main() {
  int rc = golden::run(CASSETTE_FN(use), 2.0);
  labelled("use", CASSETTE_FN(use), 2.0);
  return rc;
}

// A C API written in C++ (leveldb's db/c.cc): classes and functions in an
// extern "C" block. A free function's twin is a template, so it is declared
// `extern "C++"`; a class defined there can have no member template (clang:
// "templates must have C++ linkage"), so its members get no twin and run as
// primitives, reported.
#include "trace_context.hpp"

struct Comparator {
  virtual ~Comparator() = default;
  virtual int compare(int a, int b) const = 0;
};

extern "C" {
struct c_comparator : public Comparator {
  int compare(int a, int b) const override { return (*fn)(a, b); }
  int (*fn)(int, int);
};
// CHECK-NOT: extern "C++" template <class CassetteCtx> int cassette_twin_compare

static int minus(int a, int b) { return a - b; }

int c_compare(int x) {
  c_comparator c;
  c.fn = minus;
  return c.compare(x, 2);
}
// CHECK-LABEL: extern "C++" template <class CassetteCtx> int cassette_twin_c_compare(
}

int main() { return golden::run(CASSETTE_FN(c_compare), 5); }
// OUT: pre c_comparator::compare(_, 5, 2)
// OUT-NEXT: post c_comparator::compare = 3
// OUT-NEXT: result 3 plain 3
// REPORT: "what": "c_comparator::compare"
// REPORT-NEXT: "reason_id": "no_twin_extern_c_class_member"

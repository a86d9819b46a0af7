// The edited twins of a constructor's body, an out-of-line member (its
// stub is declared in the class), an inline member and a function template.
// REWRITE-ARGS: --pass @PASSES@/libentry_exit.so
// OUT: enter use
// OUT-NEXT: pre Counter::Counter(2)
// OUT-NEXT:   enter Counter
// OUT-NEXT:   leave Counter
// OUT-NEXT: post Counter::Counter = _
// OUT-NEXT: pre Counter::add(_, 3)
// OUT-NEXT:   enter add
// OUT: pre Counter::get(_)
// OUT-NEXT:   enter get
// OUT-NEXT:   leave get
// OUT-NEXT: post Counter::get = 5
// OUT-NEXT: pre twice(5)
// OUT-NEXT:   enter twice
// OUT-NEXT:   leave twice
// OUT: result 10 without 10 plain 10
#include "pass_context.hpp"

struct Counter {
  explicit Counter(int start) : n(start) {}
  void add(int k);
  int get() const { return n; }
  int n;
};
void Counter::add(int k) { n += k; }

template <class T>
T twice(T x) {
  return x + x;
}

int use(int start) {
  Counter c(start);
  c.add(3);
  return twice(c.get());
}

int main() { return passgolden::run(CASSETTE_FN(use), 2); }

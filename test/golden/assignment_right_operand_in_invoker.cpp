// An assignment whose right operand cannot be passed to the call but must be
// evaluated in its invoker (a braced list of a type the call site cannot
// name, a temporary that can be neither moved nor copied) would run that
// operand after the left one; C++17 runs it first. Where the left operand
// has effects too (`(*this)[pick(1)] = {make(8), make(9)}`), the assignment
// stays as written, reported; the calls in its operands are rewritten.
// OUT: pre Box::fill(_)
// OUT-NEXT:   pre make(8)
// OUT-NEXT:   post make = 8
// OUT-NEXT:   pre make(9)
// OUT-NEXT:   post make = 9
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre pick(1)
// OUT-NEXT:   post pick = 1
// OUT-NEXT:   pre Box::operator[](_, 1)
// OUT-NEXT:     pre [](_, 1)
// OUT-NEXT:     post [] = _
// OUT-NEXT:   post Box::operator[] = _
// OUT-NEXT: post Box::fill = _
// OUT-NEXT: pre make(7)
// OUT-NEXT: post make = 7
// OUT-NEXT: pre Pinned::Pinned(7)
// OUT-NEXT: post Pinned::Pinned = _
// OUT-NEXT: pre pick(0)
// OUT-NEXT: post pick = 0
// OUT-NEXT: pre Slots::operator[](_, 0)
// OUT-NEXT:   pre [](_, 0)
// OUT-NEXT:   post [] = _
// OUT-NEXT: post Slots::operator[] = _
// OUT-NEXT: pre Box::get(_, 1)
// OUT-NEXT:   pre [](_, 1)
// OUT-NEXT:   post [] = _
// OUT-NEXT:   pre [](_, 1)
// OUT-NEXT:   post [] = _
// OUT-NEXT:   pre +(8, 9)
// OUT-NEXT:   post + = 17
// OUT-NEXT: post Box::get = 17
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = _
// OUT-NEXT: pre +(17, 7)
// OUT-NEXT: post + = 24
// OUT-NEXT: result 24 plain 24
#include "trace_context.hpp"

static int pick(int x) { return x; }
static int make(int x) { return x; }

class Box {
  struct Hidden {
    int a, b;
  };
  Hidden hs[2] = {};

 public:
  struct Ref {
    Hidden* h;
    Ref& operator=(const Hidden& x) {
      *h = x;
      return *this;
    }
  };
  Ref operator[](int k) { return Ref{&hs[k]}; }
  void fill() { (*this)[pick(1)] = {make(8), make(9)}; }
  // CHECK-LABEL: void cassette_twin_fill(
  // CHECK-SAME: "Box::operator[]"{{.*}}"pick"{{.*}}, 1)}) = {{[{]}}::cassette::rt::call({{.*}}"make"{{.*}}, 8), ::cassette::rt::call({{.*}}"make"{{.*}}, 9)}; }
  int get(int k) const { return hs[k].a + hs[k].b; }
};

struct Pinned {
  int v;
  explicit Pinned(int v) : v(v) {}
  Pinned(const Pinned&) = delete;
};
struct Slot {
  int v = 0;
  Slot& operator=(Pinned p) {
    v = p.v;
    return *this;
  }
};
struct Slots {
  Slot s[2];
  Slot& operator[](int k) { return s[k]; }
};

int use(int x) {
  Box b;
  b.fill();
  Slots ss;
  ss[pick(0)] = Pinned(make(x));
  // CHECK-LABEL: cassette_twin_use(
  // CHECK: "Slots::operator[]"{{.*}}"pick"{{.*}}, 0)) = ::cassette::rt::call({{.*}}"Pinned::Pinned"{{.*}}"make"{{.*}}, x));
  return b.get(1) + ss.s[0].v;
}
// REPORT: "what": "overloaded operator"
// REPORT-NEXT: "reason_id": "assignment_right_operand_in_invoker"

int main() { return golden::run(CASSETTE_FN(use), 7); }

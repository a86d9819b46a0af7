// C++17 evaluates the left operand of `<<`, `>>`, `[]`, `->*` first, a
// member call's object and an indirect call's callee before the arguments.
// As the arguments of one call they would be evaluated in no set order
// (clang: left to right; g++ often right to left): where the order shows
// (an operand with effects, the other not a constant nor a plain variable),
// the call takes them in a braced list, left first (rt::call_in_order,
// rt::call_op_in_order). Built with g++ too, the trace is the same.
// ALSO-GXX
// OUT: pre pass(_)
// OUT-NEXT: post pass = _
// OUT-NEXT: pre noisy(1)
// OUT-NEXT: post noisy = 1
// OUT-NEXT: pre Log::operator<<(_, 1)
// OUT-NEXT:   pre *(0, 10)
// OUT-NEXT:   post * = 0
// OUT-NEXT:   pre +(0, 1)
// OUT-NEXT:   post + = 1
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Log::operator<< = _
// OUT-NEXT: pre noisy(2)
// OUT-NEXT: post noisy = 2
// OUT-NEXT: pre Log::operator<<(_, 2)
// OUT-NEXT:   pre *(1, 10)
// OUT-NEXT:   post * = 10
// OUT-NEXT:   pre +(10, 2)
// OUT-NEXT:   post + = 12
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Log::operator<< = _
// OUT-NEXT: pre Log::operator<<(_, 3)
// OUT-NEXT:   pre *(12, 10)
// OUT-NEXT:   post * = 120
// OUT-NEXT:   pre +(120, 3)
// OUT-NEXT:   post + = 123
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Log::operator<< = _
// OUT-NEXT: pre pick(_)
// OUT-NEXT: post pick = _
// OUT-NEXT: pre noisy(3)
// OUT-NEXT: post noisy = 3
// OUT-NEXT: pre Obj::add(_, 3)
// OUT-NEXT:   pre +(2, 3)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post Obj::add = 5
// OUT-NEXT: pre row(ptr)
// OUT-NEXT: post row = ptr
// OUT-NEXT: pre noisy(1)
// OUT-NEXT: post noisy = 1
// OUT-NEXT: pre [](ptr, 1)
// OUT-NEXT: post [] = 2
// OUT-NEXT: pre noisy(1)
// OUT-NEXT: post noisy = 1
// OUT-NEXT: pre noisy(2)
// OUT-NEXT: post noisy = 2
// OUT-NEXT: pre <<(1, 2)
// OUT-NEXT: post << = 4
// OUT-NEXT: pre choose(0)
// OUT-NEXT: post choose = ptr
// OUT-NEXT: pre noisy(4)
// OUT-NEXT: post noisy = 4
// OUT-NEXT: pre (indirect call)(ptr, 4)
// OUT-NEXT: post (indirect call) = 4
// OUT-NEXT: pre pick(_)
// OUT-NEXT: post pick = _
// OUT-NEXT: pre noisy(5)
// OUT-NEXT: post noisy = 5
// OUT-NEXT: pre (member pointer call)(_, _, 5)
// OUT-NEXT:   pre +(2, 5)
// OUT-NEXT:   post + = 7
// OUT-NEXT: post (member pointer call) = 7
// OUT-NEXT: pre +(123, 5)
// OUT-NEXT: post + = 128
// OUT-NEXT: pre +(128, 2)
// OUT-NEXT: post + = 130
// OUT-NEXT: pre +(130, 4)
// OUT-NEXT: post + = 134
// OUT-NEXT: pre +(134, 4)
// OUT-NEXT: post + = 138
// OUT-NEXT: pre +(138, 7)
// OUT-NEXT: post + = 145
// OUT-NEXT: result 145 plain 145
#include "trace_context.hpp"

static int noisy(int x) { return x; }

struct Log {
  int n = 0;
  Log& operator<<(int x) {
    n = n * 10 + x;
    return *this;
  }
};
static Log& pass(Log& l) { return l; }

struct Obj {
  int v;
  int add(int x) { return v + x; }
};
static Obj& pick(Obj& o) { return o; }
static int* row(int* p) { return p; }
using Fn = int (*)(int);
static Fn choose(int) { return &noisy; }

int use(int x) {
  Log l;
  pass(l) << noisy(1) << noisy(2);
  // CHECK-LABEL: cassette_twin_use(
  // CHECK: ::cassette::rt::call_in_order(cassette_ctx_, ::cassette::fn<"Log::operator<<">({{.*}}::cassette::rt::in_order{::cassette::rt::call_in_order(cassette_ctx_, ::cassette::fn<"Log::operator<<">({{.*}}::cassette::rt::in_order{::cassette::rt::call({{.*}}"pass"{{.*}}, l), ::cassette::rt::call({{.*}}"noisy"{{.*}}, 1)}), ::cassette::rt::call({{.*}}"noisy"{{.*}}, 2)});
  l << 3;
  // CHECK: {{^}}  ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::operator<<">({{.*}}, l, 3);
  Obj o{x};
  int a = pick(o).add(noisy(3));
  // CHECK: int a = ::cassette::rt::call_in_order(cassette_ctx_, ::cassette::fn<"Obj::add">({{.*}}::cassette::rt::in_order{::cassette::rt::call({{.*}}"pick"{{.*}}, o), ::cassette::rt::call({{.*}}"noisy"{{.*}}, 3)});
  int cells[3] = {1, 2, 3};
  int b = row(cells)[noisy(1)];
  // CHECK: int b = ::cassette::rt::call_op_in_order(cassette_ctx_, ::cassette::op::subscript{}, ::cassette::rt::in_order{::cassette::rt::call({{.*}}"row"{{.*}}cells{{.*}}), ::cassette::rt::call({{.*}}"noisy"{{.*}}, 1)});
  int c = noisy(1) << noisy(2);
  // CHECK: int c = ::cassette::rt::call_op_in_order(cassette_ctx_, ::cassette::op::shl{}, ::cassette::rt::in_order{
  int d = choose(0)(noisy(4));
  // CHECK: int d = ::cassette::rt::call_in_order(cassette_ctx_, ::cassette::indirect({{.*}}::cassette::rt::in_order{::cassette::rt::call({{.*}}"choose"{{.*}}, 0), ::cassette::rt::call({{.*}}"noisy"{{.*}}, 4)});
  int (Obj::*pm)(int) = &Obj::add;
  int e = (pick(o).*pm)(noisy(5));
  // CHECK: int e = ::cassette::rt::call_in_order(cassette_ctx_, ::cassette::member_pointer({{.*}}::cassette::rt::in_order{
  return l.n + a + b + c + d + e;
}

int main() { return golden::run(CASSETTE_FN(use), 2); }

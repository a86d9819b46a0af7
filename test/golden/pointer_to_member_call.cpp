// Calls through pointers to member functions, `(o.*pm)(a...)` and
// `(p->*pm)(a...)`: the hooks see each one as `cassette::member_pointer`
// with the object first (`*p` for `->*`) and the member pointer second.
// Where a twin takes a member function's address (`&Calc::add`), the value
// stays the original's and registers the twin (for a virtual function, its
// virtual thunk, which dispatches on the object's dynamic type) for the
// context; the call looks the pointer up and runs the twin on the object, so
// what the target does is hooked. Qualifiers of the member pointer type are
// kept (`const`, `&&`, `noexcept`). The same for a member of a class template
// (`&Box::get`) and for an address taken by a namespace-scope initialiser
// (registered by the anchors). A pointer to a member of a class outside the
// tree runs the target as a primitive; a data member pointer that is not
// called stays as written, and one holding a function pointer is an
// indirect call.
// Every call through a member pointer is hooked and, except for the member
// of outside::Tally, runs the twin of its target (the dynamic one for area).
// REPORT: "member function address": 7,
// REPORT-NEXT: "member pointer call": 10
// OUT: pre [](_, 1)
// OUT-NEXT: post [] = _
// OUT-NEXT: pre (member pointer call)(_, _, 2)
// OUT-NEXT:   pre *(3, 2)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post (member pointer call) = 6
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = _
// OUT-NEXT: pre (member pointer call)(_, _, 6)
// OUT-NEXT:   pre +(3, 6)
// OUT-NEXT:   post + = 9
// OUT-NEXT: post (member pointer call) = 9
// OUT-NEXT: pre +(6, 9)
// OUT-NEXT: post + = 15
// OUT-NEXT: pre (member pointer call)(_, _)
// OUT-NEXT:   pre -(3, 1)
// OUT-NEXT:   post - = 2
// OUT-NEXT: post (member pointer call) = 2
// OUT-NEXT: pre +(15, 2)
// OUT-NEXT: post + = 17
// OUT-NEXT: pre std::move(_)
// OUT-NEXT: post std::move = _
// OUT-NEXT: pre (member pointer call)(_, _)
// OUT-NEXT:   pre +(3, 100)
// OUT-NEXT:   post + = 103
// OUT-NEXT: post (member pointer call) = 103
// OUT-NEXT: pre +(17, 103)
// OUT-NEXT: post + = 120
// OUT-NEXT: pre (member pointer call)(_, _, 1)
// OUT-NEXT:   pre -(3, 1)
// OUT-NEXT:   post - = 2
// OUT-NEXT: post (member pointer call) = 2
// OUT-NEXT: pre +(120, 2)
// OUT-NEXT: post + = 122
// OUT-NEXT: pre Square::Square(3)
// OUT-NEXT: post Square::Square = _
// OUT-NEXT: pre Circle::Circle(3)
// OUT-NEXT: post Circle::Circle = _
// OUT-NEXT: pre (member pointer call)(_, _)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT:   pre *(9, 3)
// OUT-NEXT:   post * = 27
// OUT-NEXT: post (member pointer call) = 27
// OUT-NEXT: pre +(122, 27)
// OUT-NEXT: post + = 149
// OUT-NEXT: pre (member pointer call)(_, _)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post (member pointer call) = 9
// OUT-NEXT: pre +(149, 9)
// OUT-NEXT: post + = 158
// OUT-NEXT: pre Box::run(_)
// OUT-NEXT:   pre (member pointer call)(_, _)
// OUT-NEXT:     pre *(3, 2)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post (member pointer call) = 6
// OUT-NEXT: post Box::run = 6
// OUT-NEXT: pre +(158, 6)
// OUT-NEXT: post + = 164
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = _
// OUT-NEXT: pre (member pointer call)(_, _, 1)
// OUT-NEXT:   pre -(3, 1)
// OUT-NEXT:   post - = 2
// OUT-NEXT: post (member pointer call) = 2
// OUT-NEXT: pre +(164, 2)
// OUT-NEXT: post + = 166
// OUT-NEXT: pre +(166, 3)
// OUT-NEXT: post + = 169
// OUT-NEXT: pre (indirect call)(ptr, 169)
// OUT-NEXT:   pre -(169)
// OUT-NEXT:   post - = -169
// OUT-NEXT: post (indirect call) = -169
// OUT-NEXT: pre +(169, -169)
// OUT-NEXT: post + = 0
// OUT-NEXT: pre (member pointer call)(_, _)
// OUT-NEXT: post (member pointer call) = 4
// OUT-NEXT: pre +(0, 4)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4
#include <utility>

#include "outside.hpp"
#include "trace_context.hpp"

struct Calc {
  int base;
  int (*hook)(int);
  int add(int x) { return base + x; }
  int mul(int x) { return base * x; }
  int sub(int x) { return base - x; }
  int value() const { return base - 1; }
  int take() && { return base + 100; }
  int safe(const int& x) noexcept { return base - x; }
};

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const = 0;
};
struct Square : Shape {
  int side;
  explicit Square(int s) : side(s) {}
  int area() const override { return side * side; }
};
struct Circle : Shape {
  int r;
  explicit Circle(int radius) : r(radius) {}
  int area() const override { return r * r * 3; }
};

template <class T>
struct Box {
  T v;
  T get() const { return v * 2; }
  T run() const {
    T (Box::*g)() const = &Box::get;
    return (this->*g)();
  }
  // CHECK-LABEL: cassette_twin_run(::cassette::Twin
  // CHECK-NEXT: T (Box::*g)() const = ::cassette::rt::twin_address<CassetteCtx, static_cast<decltype(&Box::get)>(&Box::get),
  // CHECK-SAME: static_cast<::cassette::rt::twin_member_ptr<CassetteCtx, decltype(&Box::get)>>(&Box::cassette_twin_get)>()
  // CHECK-NEXT: return ::cassette::rt::call(cassette_ctx_, ::cassette::member_pointer({{[^)]*}}),
  // CHECK-SAME: [&](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) { return (CASSETTE_FWD(cassette_a0).*CASSETTE_FWD(cassette_a1))(); },
  // CHECK-SAME: ::cassette::rt::no_twin{}, *(this), g)
};

struct Named {
  const char* name;
  int (Calc::*fn)(int);
};
static const Named named[] = {{"sub", &Calc::sub}};

int negate(int x) { return -x; }

int use(int n) {
  Calc c{n, nullptr};
  int (Calc::*ops[])(int) = {&Calc::add, &Calc::mul};
  int r = (c.*ops[1])(2);
  Calc* p = &c;
  r = r + (p->*ops[0])(r);
  const Calc& k = c;
  int (Calc::*get)() const = &Calc::value;
  r = r + (k.*get)();
  int (Calc::*take)() && = &Calc::take;
  r = r + (std::move(c).*take)();
  int (Calc::*safe)(const int&) noexcept = &Calc::safe;
  r = r + (c.*safe)(1);
  Square sq(n);
  Circle ci(n);
  const Shape* s = &ci;
  int (Shape::*area)() const = &Shape::area;
  r = r + (s->*area)() + (sq.*area)();
  Box<int> box{n};
  r = r + box.run() + (c.*named[0].fn)(1);
  int Calc::*field = &Calc::base;
  r = r + c.*field;
  c.hook = &negate;
  int (*Calc::*hook)(int) = &Calc::hook;
  r = r + (c.*hook)(r);
  outside::Tally t{n};
  int (outside::Tally::*next)() = &outside::Tally::next;
  return r + (t.*next)();
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_invokes_member_pointer = [](auto&& cassette_a0, auto&& cassette_a1,
// CHECK-SAME: auto&& cassette_a2) -> decltype(auto) { return (CASSETTE_FWD(cassette_a0).*CASSETTE_FWD(cassette_a1))(CASSETTE_FWD(cassette_a2)); };
// CHECK: int (Calc::*ops[])(int) = {::cassette::rt::twin_address<CassetteCtx,
// CHECK-SAME: static_cast<int (::Calc::*)(int)>(&Calc::add), static_cast<::cassette::rt::twin_member_ptr<CassetteCtx,
// CHECK-SAME: int (::Calc::*)(int)>>(&Calc::cassette_twin_add)>(), ::cassette::rt::twin_address<CassetteCtx,
// CHECK-SAME: {{.*}}(&Calc::mul), {{.*}}(&Calc::cassette_twin_mul)>()};
// CHECK: int r = ::cassette::rt::call(cassette_ctx_, ::cassette::member_pointer({{.*}}), decltype(cassette_invokes_member_pointer){},
// CHECK-SAME: ::cassette::rt::no_twin{}, c, ::cassette::rt::call_op({{.*}}), 2);
// CHECK: ::cassette::member_pointer({{.*}}), {{.*}}, ::cassette::rt::no_twin{}, *(p), ::cassette::rt::call_op({{.*}}), r)
// CHECK: int (Calc::*get)() const = ::cassette::rt::twin_address<CassetteCtx,
// CHECK-SAME: static_cast<int (::Calc::*)() const>(&Calc::value), static_cast<::cassette::rt::twin_member_ptr<CassetteCtx,
// CHECK-SAME: int (::Calc::*)() const>>(&Calc::cassette_twin_value)>();
// CHECK: int (Calc::*take)() && = ::cassette::rt::twin_address<CassetteCtx, static_cast<int (::Calc::*)() &&>(&Calc::take), {{.*}}>();
// CHECK: int (Calc::*safe)(const int&) noexcept = ::cassette::rt::twin_address<CassetteCtx, static_cast<int (::Calc::*)(const int &) noexcept>(&Calc::safe),
// CHECK-SAME: {{.*}}>();
// CHECK: int (Shape::*area)() const = ::cassette::rt::twin_address<CassetteCtx,
// CHECK-SAME: static_cast<int (::Shape::*)() const>(&Shape::area),
// CHECK-SAME: static_cast<::cassette::rt::thunk_member_ptr<int (::Shape::*)() const>>(&Shape::cassette_virtual_area)>();
// CHECK: ::cassette::rt::no_twin{}, *(s), area)
// CHECK: ::cassette::rt::no_twin{}, sq, area)
// CHECK: r = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, r, c.*field);
// CHECK: ::cassette::indirect({{.*}}), {{.*}}, ::cassette::rt::no_twin{}, (c.*hook), r)
// CHECK: int (outside::Tally::*next)() = &outside::Tally::next;

int main() { return golden::run(CASSETTE_FN(use), 3); }
// The anchors register the member whose address a namespace-scope table takes.
// CHECK: template <> bool ::cassette::rt::anchor_access::run<cassette_anchor_tag_{{[0-9a-f]+}}>() {
// CHECK: static_cast<void>(&::cassette::rt::detail::member_twin_entry<CassetteCtx,
// CHECK-SAME: static_cast<int (::Calc::*)(int)>(&::Calc::sub), static_cast<::cassette::rt::twin_member_ptr<CassetteCtx,
// CHECK-SAME: int (::Calc::*)(int)>>(&::Calc::cassette_twin_sub)>);

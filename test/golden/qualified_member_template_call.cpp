// A member call whose name is qualified, where the invokers need `template`
// (their object is dependent): after the qualifier, `obj.Q::template f<T>`,
// never `obj.template Q::f<T>`. The twin of a member found through a
// using-declaration in a class with a member of that name of its own (CLI11's
// Option_group `using App::add_option;`) is named in its class, and when the
// name is shared with a member template, it takes the slot's context as a
// template argument.
// OUT: pre Base::pick(_, 2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Base::pick = 3
// OUT-NEXT: pre Base::pick(_, 2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Base::pick = 3
// OUT-NEXT: pre +(3, 3)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre Base::add(_, ptr)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'z'
// OUT-NEXT: post Base::add = 122
// OUT-NEXT: pre +(6, 122)
// OUT-NEXT: post + = 128
// OUT-NEXT: pre -(128, 'z')
// OUT-NEXT: post - = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

struct Base {
  template <class T>
  int pick(T x) const {
    return static_cast<int>(x) + 1;
  }
  int add(const char* name) const { return name[0]; }
  template <class T>
  int add(const char*, T& value) const {
    return static_cast<int>(value);
  }
};

struct Derived : Base {
  using Base::add;
  int add(Base* other) const { return other ? 1 : 0; }
};

int use(int x) {
  Derived d;
  return d.Base::pick<int>(x) + d.Base::template pick<short>(static_cast<short>(x)) + d.add("z") - 'z';
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: .Base::template pick<int>(
// CHECK: .Base::template cassette_twin_pick<int>(cassette_t
// CHECK: .Base::template pick<short>(
// CHECK: .Base::template cassette_twin_pick<short>(cassette_t
// CHECK: .::Base::template cassette_twin_add<::cassette::rt::slot_context<decltype(cassette_t)>>(::cassette::rt::exact_slot(cassette_t)

int main() { return golden::run(CASSETTE_FN(use), 2); }

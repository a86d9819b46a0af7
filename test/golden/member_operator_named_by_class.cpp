// Calls of member operators named by their class, as member functions are
// (golden member_call_named_by_class): `CASSETTE_MEMBER_OPERATOR_CALLERS`
// declares `cassette_calls_operator_EqualEqual` and its twin caller, which
// call `obj.operator==(b)`, the overload the site chose; `a != b`, rewritten
// by C++20 from `==`, calls it too. A postfix `++` (its extra `int`) keeps
// its invokers.
// OUT: pre Text::operator==(_, ptr)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'a'
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'a'
// OUT-NEXT:   pre ==('a', 'a')
// OUT-NEXT:   post == = true
// OUT-NEXT: post Text::operator== = true
// OUT-NEXT: pre Text::operator==(_, _)
// OUT-NEXT:   pre ==(3, 3)
// OUT-NEXT:   post == = true
// OUT-NEXT: post Text::operator== = true
// OUT-NEXT: pre *(true, 10)
// OUT-NEXT: post * = 10
// OUT-NEXT: pre +(true, 10)
// OUT-NEXT: post + = 11
// OUT-NEXT: pre Text::operator=(_, 7)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Text::operator= = _
// OUT-NEXT: pre Text::operator++(_)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre +(7, 1)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post Text::operator++ = _
// OUT-NEXT: pre Text::operator[](_, 1)
// OUT-NEXT:   pre [](ptr, 1)
// OUT-NEXT:   post [] = 'b'
// OUT-NEXT: post Text::operator[] = 98
// OUT-NEXT: pre +(11, 98)
// OUT-NEXT: post + = 109
// OUT-NEXT: pre Text::operator()(_, 2)
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT:   pre +(4, 8)
// OUT-NEXT:   post + = 12
// OUT-NEXT: post Text::operator() = 12
// OUT-NEXT: pre +(109, 12)
// OUT-NEXT: post + = 121
// OUT-NEXT: pre Text::operator()(_, 2, 3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT:   pre +(6, 8)
// OUT-NEXT:   post + = 14
// OUT-NEXT: post Text::operator() = 14
// OUT-NEXT: pre +(121, 14)
// OUT-NEXT: post + = 135
// OUT-NEXT: pre Text::operator==(_, _)
// OUT-NEXT:   pre ==(8, 3)
// OUT-NEXT:   post == = false
// OUT-NEXT: post Text::operator== = false
// OUT-NEXT: pre +(135, true)
// OUT-NEXT: post + = 136
// OUT-NEXT: result 136 plain 136
#include "trace_context.hpp"

struct Text {
  const char* p;
  int n;
  bool operator==(const char* s) const { return p[0] == s[0]; }
  bool operator==(const Text& o) const { return n == o.n; }
  Text& operator=(int k) {
    n = k;
    return *this;
  }
  int operator[](int i) const { return p[i]; }
  int operator()(int a, int b = 2) const { return a * b + n; }
  Text operator++(int) {
    Text t = *this;
    n = n + 1;
    return t;
  }
};
// CHECK: struct Text { CASSETTE_CXX20(public: CASSETTE_MEMBER_OPERATOR_CALLERS(operator==, EqualEqual) CASSETTE_MEMBER_OPERATOR_CALLERS(operator=, Equal) CASSETTE_MEMBER_OPERATOR_CALLERS(operator[], Subscript) CASSETTE_MEMBER_OPERATOR_CALLERS(operator(), Call) CASSETTE_MEMBER_OPERATOR_CALLERS(operator++, PlusPlus))

int use(int k) {
  Text a{"abc", k}, b{"xbc", 3};
  int r = (a == "a") + (a == b) * 10;
  a = 7;
  a++;
  return r + a[1] + a(2) + a(2, 3) + (a != b);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator==">({{[^)]*}}), ::Text::cassette_calls_operator_EqualEqual{}, ::Text::cassette_twincalls_operator_EqualEqual{}, a, +"a")
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator==">({{[^)]*}}), ::Text::cassette_calls_operator_EqualEqual{}, ::Text::cassette_twincalls_operator_EqualEqual{}, a, b)
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator=">({{[^)]*}}), ::Text::cassette_calls_operator_Equal{}, ::Text::cassette_twincalls_operator_Equal{}, a, 7)
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator++">({{[^)]*}}), [&]
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator[]">({{[^)]*}}), ::Text::cassette_calls_operator_Subscript{}, ::Text::cassette_twincalls_operator_Subscript{}, a, 1)
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator()">({{[^)]*}}), ::Text::cassette_calls_operator_Call{}, ::Text::cassette_twincalls_operator_Call{}, a, 2)
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator()">({{[^)]*}}), ::Text::cassette_calls_operator_Call{}, ::Text::cassette_twincalls_operator_Call{}, a, 2, 3)
// CHECK-SAME: (!(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Text::operator==">({{[^)]*}}), ::Text::cassette_calls_operator_EqualEqual{}, ::Text::cassette_twincalls_operator_EqualEqual{}, a, b)))

int main() { return golden::run(CASSETTE_FN(use), 3); }

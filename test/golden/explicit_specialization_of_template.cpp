// A function template with explicit specializations (yaml-cpp's
// Node::Assign<std::string>, whose template body calls back into the
// constructor that calls Assign): explicit specializations get no twin, so
// for their arguments the template's twin runs the specialization, as the
// original call does, a primitive; before, the twin ran the template's body
// for them. Members and free functions, type and value arguments, a
// parameter without a name (named in the twin, to be passed on). A
// specialization for a type declared after the template cannot be named where
// the twin stands: that template gets no twin (describe runs as a primitive).
// The rule decides it (no call names the missing twin), not the check:
// REPORT-NOT: no_twin_does_not_compile
// REPORT: "reason_id": "no_twin_explicit_specializations_unspelled"
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre Box::assign(_, 2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Box::assign = 3
// OUT-NEXT: pre std::basic_string::basic_string(ptr)
// OUT-NEXT: post std::basic_string::basic_string = "hello"
// OUT-NEXT: pre Box::assign(_, "hello")
// OUT-NEXT: post Box::assign = 5
// OUT-NEXT: pre +(3, 5)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre store::scaled(4)
// OUT-NEXT:   pre *(4, 2)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post store::scaled = 8
// OUT-NEXT: pre +(8, 8)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre +(2, 2)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre store::scaled(4)
// OUT-NEXT: post store::scaled = 0
// OUT-NEXT: pre +(16, 0)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre Box::width(_, 2)
// OUT-NEXT: post Box::width = 1
// OUT-NEXT: pre +(16, 1)
// OUT-NEXT: post + = 17
// OUT-NEXT: pre Box::width(_, 2)
// OUT-NEXT: post Box::width = 8
// OUT-NEXT: pre +(17, 8)
// OUT-NEXT: post + = 25
// OUT-NEXT: pre describe(2)
// OUT-NEXT: post describe = 1
// OUT-NEXT: pre +(25, 1)
// OUT-NEXT: post + = 26
// OUT-NEXT: pre describe(_)
// OUT-NEXT: post describe = 7
// OUT-NEXT: pre +(26, 7)
// OUT-NEXT: post + = 33
// OUT-NEXT: result 33 plain 33
#include <string>

#include "trace_context.hpp"

struct Box {
  int value = 0;
  template <typename T>
  int assign(const T& v) {
    value = v + 1;
    return value;
  }
  // CHECK-LABEL: cassette_twin_assign(::cassette::Twin
  // CHECK: if constexpr ((::std::is_same_v<T, ::std::basic_string<char{{.*}}>>)) return this->template assign<T>(static_cast<decltype(v)&&>(v)); else {
  template <typename T>
  int width(T) {
    return 1;
  }
  // CHECK-LABEL: cassette_twin_width(::cassette::Twin
  // CHECK: if constexpr ((::std::is_same_v<T, double>)) return this->template width<T>(static_cast<decltype(cassette_param0)&&>(cassette_param0)); else {
};

template <>
inline int Box::width(double) {
  return 8;
}

template <>
inline int Box::assign(const std::string& v) {
  value = static_cast<int>(v.size());
  return value;
}

namespace store {
template <int N>
int scaled(int x) {
  return x * N;
}
// CHECK-LABEL: cassette_twin_scaled(::cassette::Twin
// CHECK: if constexpr (((N == 0))) return ::store::scaled<N>(static_cast<decltype(x)&&>(x)); else {
template <>
int scaled<0>(int) {
  return 0;
}
}  // namespace store

template <typename T>
int describe(const T&) {
  return 1;
}
struct Late {
  int v;
};
template <>
int describe(const Late& l) {
  return l.v;
}
// CHECK-NOT: cassette_twin_describe

int use(int n) {
  Box b;
  int a = b.assign(n);
  int s = b.assign(std::string("hello"));
  return a + s + store::scaled<2>(n + 2) + store::scaled<0>(n + 2) + b.width(n) + b.width(2.0) + describe(n) +
         describe(Late{7});
}

int main() { return golden::run(CASSETTE_FN(use), 2); }

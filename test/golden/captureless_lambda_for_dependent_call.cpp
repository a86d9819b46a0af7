// A captureless lambda given to a call that depends on a template parameter,
// where a candidate callee takes a function pointer in its place (re2's
// `RE2::Arg(ptr, [](const char*, size_t, void*) -> bool {...})` in
// `template <class T> RE2::Arg RE2::CRadix(T*)`): the conversion is made
// when the template is instantiated, so the lambda must stay captureless;
// given the context slot it was no longer convertible ("no matching
// constructor for initialization of 'R::Arg'") and the check took CRadix's
// twin away. It stays as written (its body runs as written, reported); a
// lambda given where a candidate takes a template parameter (apply's F)
// still captures the context and is rewritten.
// REPORT: "reason_id": "captureless_lambda_for_dependent_call"
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre R::CRadix(ptr)
// OUT-NEXT:   pre R::Arg(ptr, _)
// OUT-NEXT:   post R::Arg = _
// OUT-NEXT: post R::CRadix = _
// OUT-NEXT: pre R::Arg::parse(_, ptr, 1)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre (indirect call)(_, ptr, 1, ptr)
// OUT-NEXT:   post (indirect call) = true
// OUT-NEXT: post R::Arg::parse = true
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre apply(_, 3)
// OUT-NEXT:     pre (indirect call)(_, 3)
// OUT-NEXT:       pre *(3, 2)
// OUT-NEXT:       post * = 6
// OUT-NEXT:     post (indirect call) = 6
// OUT-NEXT:   post apply = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre +(17, 6)
// OUT-NEXT: post + = 23
// OUT-NEXT: result 23 plain 23
#include <cstddef>

#include "trace_context.hpp"

namespace internal {
template <class T>
bool parse(const char* s, std::size_t n, T* dest, int radix) {
  *dest = static_cast<T>(n) * radix + (s[0] - '0');
  return true;
}
}  // namespace internal

struct R {
  class Arg;
  template <typename T>
  static Arg CRadix(T* ptr);
  // CHECK-LABEL: cassette_twin_CRadix(
  // CHECK: ptr, [](const char* str, std::size_t n, void* dest) -> bool {
  // CHECK-NEXT: return internal::parse(str, n, reinterpret_cast<T*>(dest), 10);
};

class R::Arg {
 public:
  typedef bool (*Parser)(const char* str, std::size_t n, void* dest);
  template <typename T>
  Arg(T* ptr, Parser parser) : arg_(ptr), parser_(parser) {}
  bool parse(const char* s, std::size_t n) const { return (*parser_)(s, n, arg_); }

 private:
  void* arg_;
  Parser parser_;
};

template <typename T>
R::Arg R::CRadix(T* ptr) {
  return R::Arg(ptr, [](const char* str, std::size_t n, void* dest) -> bool {
    return internal::parse(str, n, reinterpret_cast<T*>(dest), 10);
  });
}

template <class F, class T>
T apply(F f, T v) {
  return f(v);
}

template <class T>
T twice(T v) {
  return apply([](auto v) { return v * 2; }, v);
}
// CHECK-LABEL: cassette_twin_twice(
// CHECK: [cassette_ctx_](auto v) { return

int use(int x) {
  int out = 0;
  R::CRadix(&out).parse("7", 1);
  return out + twice(x);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A builtin `!` on a dependent operand, in a class that has a member
// operator! (CLI11's Validator): the `!` in a lambda that captures only its
// own names (`func_ = [limit](int x) { ... }` in a constructor template) and
// in a static member function template. The invoker probes for a non-member
// twin by an unqualified call, which from inside the class would find the
// member twin, a call through `this` that neither has: a using-declaration
// of the runtime's placeholder stops the lookup there, and
// argument-dependent lookup still finds the non-member twins.
// OUT: pre Check::Check(5)
// OUT-NEXT: post Check::Check = _
// OUT-NEXT: pre Check::run(_, 3)
// OUT-NEXT:   pre std::function::operator()(_, 3)
// OUT-NEXT:     pre below(3, 5)
// OUT-NEXT:       pre <(3, 5)
// OUT-NEXT:       post < = true
// OUT-NEXT:     post below = true
// OUT-NEXT:     pre operator!(true)
// OUT-NEXT:     post operator! = false
// OUT-NEXT:   post std::function::operator() = false
// OUT-NEXT: post Check::run = false
// OUT-NEXT: pre Check::valid(2)
// OUT-NEXT:   pre below(2)
// OUT-NEXT:     pre <(2, 0)
// OUT-NEXT:     post < = false
// OUT-NEXT:   post below = false
// OUT-NEXT:   pre operator!(false)
// OUT-NEXT:   post operator! = true
// OUT-NEXT: post Check::valid = true
// OUT-NEXT: pre !(true)
// OUT-NEXT: post ! = false
// OUT-NEXT: pre Check::flipped(_)
// OUT-NEXT:   pre operator!(_)
// OUT-NEXT:     pre !(true)
// OUT-NEXT:     post ! = false
// OUT-NEXT:   post operator! = _
// OUT-NEXT: post Check::flipped = false
// OUT-NEXT: result 0 plain 0
#include <functional>

#include "trace_context.hpp"

bool below(int x, int limit) { return x < limit; }

struct Flag {
  bool v;
};
Flag operator!(Flag f) { return Flag{!f.v}; }

class Check {
 public:
  template <class T>
  explicit Check(T limit) {
    func_ = [limit](int x) { return !below(x, limit); };
  }
  template <class T>
  static bool valid(T limit) {
    return !below(limit, 0);
  }
  template <class T>
  static bool flipped(T f) {
    return (!f).v;  // Flag's non-member operator!, found by argument-dependent lookup
  }
  Check operator!() const { return Check(0); }
  bool run(int x) const { return func_(x); }

 private:
  std::function<bool(int)> func_;
};
// CHECK: func_ = [cassette_ctx_, limit](int x) {
// CHECK-SAME: { using ::cassette::rt::adl::cassette_twin_operator_Exclaim; using cassette_p = ::cassette::rt::operand_probe<{{[^;]*}}>; if constexpr
// CHECK: cassette_twin_valid(::cassette::Twin
// CHECK-NEXT: { using ::cassette::rt::adl::cassette_twin_operator_Exclaim; using cassette_p = ::cassette::rt::operand_probe<{{[^;]*}}>; if constexpr

int use() { return Check(5).run(3) || !Check::valid(2) || Check::flipped(Flag{true}) ? 1 : 0; }

int main() { return golden::run(CASSETTE_FN(use)); }

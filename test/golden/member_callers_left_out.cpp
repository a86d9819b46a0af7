// Where member calls keep their invokers, or a class's callers are written
// so that the program's macros cannot touch them (golden
// member_call_named_by_class has the common case):
//  - `C` and `a` are the program's macros where Meters's callers expand: the
//    callers' own names are the runtime's (`CassetteObj`, `cassette_a`);
//  - `next` and `twin_next` in one class: their callers do not collide;
//  - `max` was a function-like macro where Meters's `{` stands, undefined
//    later: it gets no callers (the macro would expand inside them);
//  - a call inside a class template (the class is spelled with its
//    parameters there), of a deprecated member (its call in the callers
//    would warn outside the pragma that silences it; the output is compiled
//    with -Werror), and one whose argument a constructor converts with a
//    default `__builtin_LINE()`, or whose default argument's member
//    initialiser is one (evaluated in the callers, they would name the
//    class's line): each keeps the forms it had before the callers (named by
//    address where it is the only function of its name), and the lines are
//    the site's.
// REWRITE-ARGS: --no-builtin-operators
// OUT: pre Logger::log(_, _)
// OUT-NEXT: post Logger::log = {{[0-9]+}}
// OUT-NEXT: pre Logger::at(_)
// OUT-NEXT: post Logger::at = {{[0-9]+}}
// OUT-NEXT: pre Meters::scaled(_, 2)
// OUT-NEXT: post Meters::scaled = 34
// OUT-NEXT: pre Meters::next(_)
// OUT-NEXT: post Meters::next = 6
// OUT-NEXT: pre Meters::twin_next(_)
// OUT-NEXT: post Meters::twin_next = 7
// OUT-NEXT: pre Meters::max(_)
// OUT-NEXT: post Meters::max = 5
// OUT-NEXT: pre Box::twice(_)
// OUT-NEXT:   pre Box::get(_)
// OUT-NEXT:   post Box::get = 5
// OUT-NEXT:   pre Box::get(_)
// OUT-NEXT:   post Box::get = 5
// OUT-NEXT:   pre +(5, 5)
// OUT-NEXT:   post + = 10
// OUT-NEXT: post Box::twice = 10
// OUT-NEXT: pre use_legacy(_)
// OUT-NEXT:   pre Old::legacy(_)
// OUT-NEXT:   post Old::legacy = 5
// OUT-NEXT: post use_legacy = 5
// OUT-NEXT: result 67 plain 67
#include "trace_context.hpp"

#define C 3
#define a 4
#define max(x, y) ((x) > (y) ? (x) : (y))
struct Meters {
  int v;
  int scaled(int k) const { return v * k * C + a; }
  int next() const { return v + 1; }
  int twin_next() const { return v + 2; }
  int(max)() const { return v; }
};
#undef max
#undef a
#undef C
// CHECK: struct Meters { CASSETTE_CXX20(public: CASSETTE_MEMBER_CALLERS(scaled) CASSETTE_MEMBER_CALLERS(next) CASSETTE_MEMBER_CALLERS(twin_next))

template <class T>
struct Box {
  T v;
  T get() const { return v; }
  T twice() const { return get() + get(); }
};
// CHECK-LABEL: cassette_twin_twice(::cassette::Twin
// CHECK-SAME: ::cassette::fn<"Box::get">({{[^)]*}}), [&]

struct Old {
  int v;
  [[deprecated]] int legacy() const { return v; }
};
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
int use_legacy(const Old& o) { return o.legacy(); }
#pragma GCC diagnostic pop
// CHECK: struct Old {
// CHECK-NOT: CASSETTE_MEMBER_CALLERS
// CHECK-LABEL: cassette_twin_use_legacy(::cassette::Twin
// CHECK-SAME: ::cassette::fn<"Old::legacy">({{[^)]*}}), ::cassette::rt::named_member<&::Old::legacy>{}

struct Msg {
  int line;
  Msg(const char*, int l = __builtin_LINE()) : line(l) {}
};
struct Here {
  int line = __builtin_LINE();
};
struct Logger {
  int log(Msg m) const { return m.line; }
  int log(int) const { return 0; }
  int at(Here h = {}) const { return h.line; }
};

int use(int n) {
  Meters m{n};
  Box<int> b{n};
  Logger lg;
  int logged = lg.log("x") - __LINE__;
  int here = lg.at() - __LINE__;
  return m.scaled(2) + m.next() + m.twin_next() + m.max() + b.twice() + use_legacy(Old{n}) + 1000 * (logged + here);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::fn<"Logger::log">({{[^)]*}}), [&]
// CHECK: ::cassette::fn<"Logger::at">({{[^)]*}}), [&]
// CHECK: ::cassette::fn<"Meters::scaled">({{[^)]*}}), ::Meters::cassette_calls_scaled{}, ::Meters::cassette_twincalls_scaled{}, m, 2)
// CHECK-SAME: ::Meters::cassette_calls_next{}, ::Meters::cassette_twincalls_next{}, m)
// CHECK-SAME: ::Meters::cassette_calls_twin_next{}, ::Meters::cassette_twincalls_twin_next{}, m)
// CHECK-SAME: ::cassette::fn<"Meters::max">({{[^)]*}}), ::cassette::rt::named_member<&::Meters::max>{}

int main() { return golden::run(CASSETTE_FN(use), 5); }

// A twin template's context parameter comes after its own: a call that names
// template arguments (a call site `pack<int, long>(...)`) gives the surplus
// of a longer list to the context parameter of an overload with fewer
// parameters. `Twin<const int&>` then drops that overload (Twin takes class
// types only), where it was a hard error (spdlog's logger::log overloads).
// A forward of an overloaded template (`log<Args...>`) names its own twin's
// instance through a cast to its type, so no other overload is tried.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// OUT: pre +(1, 2)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre golden::run(_, 4)
// OUT-NEXT: pre Logger::log(_, 4, 2, 3)
// OUT-NEXT:   pre +(4, 2)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post Logger::log = 6
// OUT-NEXT: pre *(6, 1000)
// OUT-NEXT: post * = 6000
// OUT-NEXT: pre pack(4, 4)
// OUT-NEXT:   pre +(4, 4)
// OUT-NEXT:   post + = 8
// OUT-NEXT: post pack = 8
// OUT-NEXT: pre +(6000, 8)
// OUT-NEXT: post + = 6008
// OUT-NEXT: pre +(6008, 3)
// OUT-NEXT: post + = 6011
// OUT-NEXT:   pre Logger::log(_, 4, 2, 3)
// OUT-NEXT:     pre +(4, 2)
// OUT-NEXT:     post + = 6
// OUT-NEXT:   post Logger::log = 6
// OUT-NEXT:   pre *(6, 1000)
// OUT-NEXT:   post * = 6000
// OUT-NEXT:   pre pack(4, 4)
// OUT-NEXT:     pre +(4, 4)
// OUT-NEXT:     post + = 8
// OUT-NEXT:   post pack = 8
// OUT-NEXT:   pre +(6000, 8)
// OUT-NEXT:   post + = 6008
// OUT-NEXT:   pre +(6008, 3)
// OUT-NEXT:   post + = 6011
// OUT-NEXT: result 6011 plain 6011
// OUT-NEXT: post golden::run = 0
#include "trace_context.hpp"

struct Logger {
  template <class... Args> int log(int level, Args&&... args) { return level + static_cast<int>(sizeof...(args)); }
  template <class T> int log(int level, const T& message, const long* extra) {
    return level * 100 + static_cast<int>(message + *extra);
  }
};
// CHECK: return (this->*static_cast<int (Logger::*)(::cassette::Twin<golden::TraceCtx>, decltype(level), decltype(args)...)>(&Logger::template cassette_twin_log<Args...>))(

template <class A, class B> int pack(A a, B b) { return static_cast<int>(a + b); }
template <class A> int pack(A a, int) { return static_cast<int>(a) * 2; }

static int two = 2;
static long three = 3;
static int early = Logger{}.log(1, two, three);  // a static initialiser: the forward of log<int&, long&>

int use(int x) {
  return Logger{}.log(x, two, three) * 1000 + pack<int, long>(x, 4) + early;
}

int main() { return golden::run(CASSETTE_FN(use), 4); }

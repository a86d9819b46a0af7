// Calls of member functions named by their class: the class declares, after
// its `{`, the callers of each name of its member functions
// (CASSETTE_MEMBER_CALLERS), and a call passes them instead of invoker
// lambdas. Overloads (on argument types and on const) and default arguments
// resolve in the callers' calls exactly as at the site; a private member is
// called from a member; the access after the `{` is restored. A name with a
// member template or a virtual function keeps its invokers, and so does a
// call whose default argument names its place (`__builtin_LINE()` is the
// site's line, not the callers').
// OUT: pre Log::write(_, 7)
// OUT-NEXT:   pre Log::add(_, 7)
// OUT-NEXT:     pre +=(0, 7)
// OUT-NEXT:     post += = 7
// OUT-NEXT:   post Log::add = _
// OUT-NEXT: post Log::write = _
// OUT-NEXT: pre Log::write(_, ptr)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'a'
// OUT-NEXT:   pre ==('a', 'a')
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre +(2, true)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre Log::add(_, 3)
// OUT-NEXT:     pre +=(7, 3)
// OUT-NEXT:     post += = 10
// OUT-NEXT:   post Log::add = _
// OUT-NEXT: post Log::write = _
// OUT-NEXT: pre Log::write(_, ptr, 3)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'x'
// OUT-NEXT:   pre ==('x', 'a')
// OUT-NEXT:   post == = false
// OUT-NEXT:   pre +(3, false)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre Log::add(_, 3)
// OUT-NEXT:     pre +=(10, 3)
// OUT-NEXT:     post += = 13
// OUT-NEXT:   post Log::add = _
// OUT-NEXT: post Log::write = _
// OUT-NEXT: pre Log::get(_)
// OUT-NEXT: post Log::get = 13
// OUT-NEXT: pre Log::get(_)
// OUT-NEXT:   pre +(13, 1000)
// OUT-NEXT:   post + = 1013
// OUT-NEXT: post Log::get = 1013
// OUT-NEXT: pre +(13, 1013)
// OUT-NEXT: post + = 1026
// OUT-NEXT: pre Log::scaled(_, 2)
// OUT-NEXT:   pre *(13, 2)
// OUT-NEXT:   post * = 26
// OUT-NEXT: post Log::scaled = 26
// OUT-NEXT: pre +(1026, 26)
// OUT-NEXT: post + = 1052
// OUT-NEXT: pre Log::base(_)
// OUT-NEXT: post Log::base = 10
// OUT-NEXT: pre +(1052, 10)
// OUT-NEXT: post + = 1062
// OUT-NEXT: pre Log::line(_)
// OUT-NEXT: post Log::line = {{[0-9]+}}
// OUT-NEXT: pre -([[LINE:[0-9]+]], [[LINE]])
// OUT-NEXT: post - = 0
// OUT-NEXT: pre *(1000, 0)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre +(1062, 0)
// OUT-NEXT: post + = 1062
// OUT-NEXT: result 1062 plain 1062
#include "trace_context.hpp"

class Log {
  int total = 0;
  void add(int n) { total += n; }
 public:
  void write(int x) { add(x); }
  void write(const char* s, int n = 2) { add(n + (s[0] == 'a')); }
  int get() const { return total; }
  int get() { return total + 1000; }
  template <class T>
  int scaled(T k) const { return total * k; }
  virtual int base() const { return 10; }
  int line(int l = __builtin_LINE()) const { return l; }
  virtual ~Log() = default;
};
// CHECK: class Log { friend struct ::cassette::rt::anchor_access; CASSETTE_CXX20(public: CASSETTE_MEMBER_CALLERS(add) CASSETTE_MEMBER_CALLERS(write) CASSETTE_MEMBER_CALLERS(get) CASSETTE_MEMBER_CALLERS(line) private:)
// CHECK-LABEL: cassette_twin_write(::cassette::Twin
// CHECK-SAME: { ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::add">({{[^)]*}}), ::Log::cassette_calls_add{}, ::Log::cassette_twincalls_add{}, *this, x); }

int use(int v) {
  Log w;
  w.write(v);
  w.write("ab");
  w.write("xyz", 3);
  const Log& c = w;
  return c.get() + w.get() + w.scaled(2) + w.base() + 1000 * (w.line() - __LINE__);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::write">({{[^)]*}}), ::Log::cassette_calls_write{}, ::Log::cassette_twincalls_write{}, w, v);
// CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::write">({{[^)]*}}), ::Log::cassette_calls_write{}, ::Log::cassette_twincalls_write{}, w, +"ab");
// CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::write">({{[^)]*}}), ::Log::cassette_calls_write{}, ::Log::cassette_twincalls_write{}, w, +"xyz", 3);
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::get">({{[^)]*}}), ::Log::cassette_calls_get{}, ::Log::cassette_twincalls_get{}, c)
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::get">({{[^)]*}}), ::Log::cassette_calls_get{}, ::Log::cassette_twincalls_get{}, w)
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::scaled">({{[^)]*}}), [&]
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::base">({{[^)]*}}), [&]
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Log::line">({{[^)]*}}), [&]

int main() { return golden::run(CASSETTE_FN(use), 7); }

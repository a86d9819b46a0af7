// try/catch inside twins: an exception thrown in a twin (`check`) passes
// through a twin whose handler does not match (`relay`) and is caught by
// reference in `use`; `throw;` rethrows from a catch-all. Handlers are
// rewritten like any block. A call that throws has no posthook (Cassette's
// order: the posthook sees a result), so the tracer's indentation, kept by
// its hooks, stays one level deeper per call that threw.
// OUT: pre relay(3)
// OUT-NEXT:   pre check(3)
// OUT-NEXT:     pre >(3, 2)
// OUT-NEXT:     post > = true
// OUT-NEXT:     pre std::runtime_error::runtime_error(ptr)
// OUT-NEXT:     post std::runtime_error::runtime_error = _
// OUT-NEXT:     pre std::runtime_error::what(_)
// OUT-NEXT:     post std::runtime_error::what = ptr
// OUT-NEXT:     pre std::basic_string::basic_string(ptr)
// OUT-NEXT:     post std::basic_string::basic_string = "big"
// OUT-NEXT:     pre std::basic_string::size("big")
// OUT-NEXT:     post std::basic_string::size = 3
// OUT-NEXT:     pre +(100, 3)
// OUT-NEXT:     post + = 103
// OUT-NEXT:     pre +(3, 1)
// OUT-NEXT:     post + = 4
// OUT-NEXT:     pre check(4)
// OUT-NEXT:       pre >(4, 2)
// OUT-NEXT:       post > = true
// OUT-NEXT:       pre std::runtime_error::runtime_error(ptr)
// OUT-NEXT:       post std::runtime_error::runtime_error = _
// OUT-NEXT:       pre +(103, 1)
// OUT-NEXT:       post + = 104
// OUT-NEXT:       pre +(104, 10)
// OUT-NEXT:       post + = 114
// OUT-NEXT: result 114 plain 114
#include <stdexcept>
#include <string>

#include "trace_context.hpp"

int check(int x) {
  if (x > 2) throw std::runtime_error("big");
  return x;
}
// The exception passes through this twin: its handler does not match.
int relay(int x) {
  try {
    return check(x);
  } catch (const std::logic_error&) {
    return -1;
  }
}
// CHECK-LABEL: cassette_twin_relay(
// CHECK: } catch (const std::logic_error&) {

int use(int x) {
  int r = 0;
  try {
    r = relay(x);
  } catch (const std::runtime_error& e) {
    r = 100 + static_cast<int>(std::string(e.what()).size());
  }
  try {
    try {
      check(x + 1);
    } catch (...) {
      r = r + 1;
      throw;
    }
  } catch (std::exception&) {
    r = r + 10;
  }
  return r;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: } catch (const std::runtime_error& e) {
// CHECK: } catch (...) {
// CHECK-NEXT: r = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, r, 1);
// CHECK-NEXT: throw;

int main() { return golden::run(CASSETTE_FN(use), 3); }

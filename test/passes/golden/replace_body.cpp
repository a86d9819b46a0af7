// replace_body: slow_sum's twin runs fast_sum (with its own parameters)
// under a context that names the pass; the report lists the edit.
// REWRITE-ARGS: --pass @PASSES@/libwhole_body.so
// CHECK-LABEL: int slow_sum(int n) {
// CHECK-NEXT:   int s = 0;
// CHECK-LABEL: int cassette_twin_slow_sum(
// CHECK: #line 1 "<pass whole_body>"
// CHECK-NEXT: CASSETTE_NOOVERDUB(cassette_ctx_.context()).log("replaced slow_sum");
// CHECK-NEXT:   return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"fast_sum">
// OUT: replaced slow_sum
// OUT-NEXT: pre fast_sum(4)
// OUT: post fast_sum = 10
// OUT-NEXT: -- under a context that names no pass
// OUT-NEXT: pre <=(1, 4)
// OUT: result 10 without 10 plain 10
// REPORT: "passes": [
// REPORT: "edits": [
// REPORT: "function": "slow_sum",
// REPORT-NEXT: "kind": "replace_body",
// REPORT: "name": "whole_body",
// REPORT: "visited": [
#include "pass_context.hpp"

int fast_sum(int n) { return n * (n + 1) / 2; }
int slow_sum(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i) s += i;
  return s;
}

int main() { return passgolden::run(CASSETTE_FN(slow_sum), 4); }

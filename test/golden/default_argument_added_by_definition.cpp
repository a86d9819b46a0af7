// Default arguments that a later declaration adds (zeromq's out-of-line
// `match(const unsigned char* key_, size_t key_size_, bool is_lookup_ =
// false) const`). The twin is a function template declared with the first
// declaration, and a function template takes no default argument a later
// declaration adds: the twin's copy of the definition leaves ` = false` out,
// and a call that uses it passes the value itself (`false`, `nullptr`, a
// number, an enumerator, a floating value in hex). A default that is no
// constant (`int salt = seed()`) cannot be passed so: that call stays as
// written, reported.
// OUT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre Tree::match(_, 3)
// OUT-NEXT:   pre +(3, 0)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Tree::match = 3
// OUT-NEXT: pre Tree::match(_, 4, true)
// OUT-NEXT:   pre +(4, 1)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post Tree::match = 5
// OUT-NEXT: pre +(3, 5)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre scale(2)
// OUT-NEXT:   pre *(2, 0.25)
// OUT-NEXT:   post * = 0.5
// OUT-NEXT:   pre ==(nullptr, _)
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre ==(1, 1)
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre *(0.5, 2)
// OUT-NEXT:   post * = 1
// OUT-NEXT: post scale = 1
// OUT-NEXT: pre +(8, 1)
// OUT-NEXT: post + = 9
// OUT-NEXT: pre +(9, 1)
// OUT-NEXT: post + = 10
// OUT-NEXT: result 10 plain 10
#include "trace_context.hpp"

enum class Mode { Fast, Exact };

struct Tree {
  int match(int n, bool lookup) const;
};

int Tree::match(int n, bool lookup = false) const { return n + (lookup ? 1 : 0); }

int scale(int x, double factor, const char* name, Mode mode);
int scale(int x, double factor = 0.25, const char* name = nullptr, Mode mode = Mode::Exact) {
  return int(x * factor * ((name == nullptr && mode == Mode::Exact) ? 2 : 1));
}

static int seed() { return 1; }
int salted(int x, int salt);
int salted(int x, int salt = seed()) { return x + salt - 1; }

int use(int x) {
  Tree t;
  return t.match(x + 1) + t.match(4, true) + scale(x) + salted(1);
}
// CHECK: int Tree::cassette_twin_match({{.*}}, int n, bool lookup ) const
// CHECK: cassette_twin_scale({{.*}}, int x, double factor , const char* name , Mode mode )
// CHECK: cassette_twin_use(
// CHECK: .match(CASSETTE_FWD(cassette_a1), false)
// CHECK-SAME: scale(CASSETTE_FWD(cassette_a0), static_cast<double>(0x1p-2), nullptr, static_cast<::Mode>(1))
// CHECK-SAME: salted(1)
// REPORT: "what": "salted"
// REPORT-NEXT: "reason_id": "default_argument_added_later"

int main() { return golden::run(CASSETTE_FN(use), 2); }

// A subscript whose operand is a comma expression written without
// parentheses (Catch2's `std::vector<int>{1, 2, 3}[0, 1, 2]`, deprecated
// in C++20 but valid): passed to the operator as one argument, in
// parentheses, not as three.
// OUT: pre Vec::operator[](_, 2)
// OUT-NEXT:   pre [](_, 2)
// OUT-NEXT:   post [] = 3
// OUT-NEXT: post Vec::operator[] = 3
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 1
// OUT-NEXT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre -(4, 1)
// OUT-NEXT: post - = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

struct Vec {
  int v[3];
  int operator[](int i) const { return v[i]; }
};

#pragma clang diagnostic ignored "-Wdeprecated-comma-subscript"
#pragma clang diagnostic ignored "-Wunused-value"
int use(int x) {
  Vec v{{1, 2, 3}};
  int a[2] = {x, 4};
  return v[0, 1, 2] + a[x, 0] - x;
}
// CHECK: Vec::operator[]{{.*}}, v, (

int main() { return golden::run(CASSETTE_FN(use), 1); }

// Argument-dependent lookup as libraries use it: hidden friends, the using
// std::swap idiom, free begin/end found for a range-for, a function template
// reached through its namespace.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace lib {
struct Big {
  std::vector<int> data;
  friend void swap(Big& a, Big& b) noexcept { a.data.swap(b.data); ++swaps; }
  friend bool operator==(const Big& a, const Big& b) { return a.data == b.data; }
  friend Big operator+(Big a, const Big& b) { for (size_t i = 0; i < a.data.size() && i < b.data.size(); ++i) a.data[i] += b.data[i]; return a; }
  static int swaps;
};
int Big::swaps = 0;
int total(const Big& b) { return std::accumulate(b.data.begin(), b.data.end(), 0); }

struct Range { int lo, hi; };
struct It {
  int v;
  int operator*() const { return v; }
  It& operator++() { ++v; return *this; }
  bool operator!=(const It& o) const { return v != o.v; }
};
It begin(const Range& r) { return {r.lo}; }
It end(const Range& r) { return {r.hi}; }

template <class T>
T twice(const T& t) { return t + t; }
}  // namespace lib

template <class T>
void generic_swap(T& a, T& b) {
  using std::swap;
  swap(a, b);
}

template <class C>
int sum_range(const C& c) {
  int s = 0;
  for (auto x : c) s += x;
  using std::begin;
  using std::end;
  return s + (int)std::distance(begin(c), end(c)) * 0;
}

int main() {
  lib::Big a{{1, 2}}, b{{3, 4}};
  generic_swap(a, b);
  int ints1 = 1, ints2 = 2;
  generic_swap(ints1, ints2);
  auto c = twice(a);
  lib::Range r{0, 5};
  int s = 0;
  for (int v : r) s += v;
  std::vector<int> vv{1, 2, 3};
  std::printf("%d %d %d %d %d %d %d %d\n", total(a), total(b), total(c), lib::Big::swaps, ints1, (int)(a == b), s,
              sum_range(vv));
}

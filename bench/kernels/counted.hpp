// The kernels with counters inserted by hand: the physical limit of counting.
// Two versions, each a copy of kernels.cpp with `++count` before every event
// it counts, exactly the events the rewriter intercepts:
//   counted_calls: every function call (named, member, virtual, overloaded operator);
//   counted_all:   those and every builtin operator (what cassette::CallCounter counts).
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "kernels.hpp"

namespace counted_calls {
inline unsigned long long count = 0;
// A function, so that two counted operands of one operator are indeterminately
// sequenced rather than unsequenced modifications of `count`.
[[gnu::always_inline]] inline void tick() { ++count; }
long fib(int n);
double rosenbrock(const std::vector<double>& x);
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& shapes);
long map_updates(std::map<int, long>& m, int n);
}  // namespace counted_calls

namespace counted_all {
inline unsigned long long count = 0;
[[gnu::always_inline]] inline void tick() { ++count; }
// kernels::Rect and kernels::Disk with their operators counted.
struct Rect : kernels::Shape {
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return (tick(), w * h); }
  double w, h;
};
struct Disk : kernels::Shape {
  explicit Disk(double r) : r(r) {}
  double area() const override { return (tick(), (tick(), 3.14159 * r) * r); }
  double r;
};
long fib(int n);
double rosenbrock(const std::vector<double>& x);
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& shapes);
long map_updates(std::map<int, long>& m, int n);
}  // namespace counted_all

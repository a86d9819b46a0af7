// One way of running the kernels (natively, under a context, with a peer's
// instrumentation, with hand-inlined counters). Each executable of the
// counting and tracing tables links driver.cpp with one implementation.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "kernels.hpp"

namespace variant {
std::unique_ptr<kernels::Shape> make_shape(int i);  // the i-th shape of the virtual-call kernel
long fib(int n);
double rosenbrock(const std::vector<double>& x);
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& shapes);
long map_updates(std::map<int, long>& m, int n);
void start();  // before the timed run: zero the count, install hooks
void finish();  // inside the timed run, after the kernel (flushes a trace)
/// Calls counted in this process during the kernel; -1 when nothing counts
/// here (the original, or uftrace, whose count comes from its report).
long long count();
}  // namespace variant

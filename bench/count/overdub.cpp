// The rewritten kernels run under one context (BENCH_CONTEXT_*):
//   COUNTER:    cassette::CallCounter, every intercepted call, builtin operators included
//   FN_COUNTER: bench::FnCounter, function calls only
//   TRACER:     cassette::Tracer, writing the trace to $BENCH_TRACE (default /dev/null)
//   PROFILER:   cassette::Profiler, function calls: calls and time per call path
//   BINARY_TRACER: cassette::BinaryTracer, its binary trace to $BENCH_TRACE (default /dev/null)
#include <cstdio>
#include <cstdlib>

#include "variant.hpp"

#if defined(BENCH_CONTEXT_COUNTER)
#include "register_counter.hpp"
using Ctx = cassette::CallCounter;
#elif defined(BENCH_CONTEXT_FN_COUNTER)
#include "register_fn_counter.hpp"
using Ctx = bench::FnCounter;
#elif defined(BENCH_CONTEXT_TRACER)
#include "register_tracer.hpp"
using Ctx = cassette::Tracer;
#elif defined(BENCH_CONTEXT_PROFILER)
#include "register_profiler.hpp"
using Ctx = cassette::Profiler;
#elif defined(BENCH_CONTEXT_BINARY_TRACER)
#include "register_binary_tracer.hpp"
using Ctx = cassette::BinaryTracer;
#else
#error "define BENCH_CONTEXT_COUNTER, FN_COUNTER, TRACER, PROFILER or BINARY_TRACER"
#endif

namespace {
Ctx ctx;
}

namespace variant {
std::unique_ptr<kernels::Shape> make_shape(int i) {
  if (i % 2) return std::make_unique<kernels::Rect>(i % 7, i % 5);
  return std::make_unique<kernels::Disk>(i % 3);
}
long fib(int n) { return cassette::overdub(ctx, CASSETTE_FN_IN(kernels, fib), n); }
double rosenbrock(const std::vector<double>& x) {
  return cassette::overdub(ctx, CASSETTE_FN_IN(kernels, rosenbrock), x);
}
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& s) {
  return cassette::overdub(ctx, CASSETTE_FN_IN(kernels, total_area), s);
}
long map_updates(std::map<int, long>& m, int n) {
  return cassette::overdub(ctx, CASSETTE_FN_IN(kernels, map_updates), m, n);
}
void start() {
#if defined(BENCH_CONTEXT_COUNTER)
  cassette::CallCounter::reset();
#elif defined(BENCH_CONTEXT_FN_COUNTER)
  bench::FnCounter::calls = 0;
#elif defined(BENCH_CONTEXT_PROFILER)
  ctx.reset();
#elif defined(BENCH_CONTEXT_BINARY_TRACER)
  const char* path = std::getenv("BENCH_TRACE");
  if (!ctx.open(path && *path ? path : "/dev/null")) {
    std::perror("BENCH_TRACE");
    std::exit(1);
  }
#else
  const char* path = std::getenv("BENCH_TRACE");
  ctx.out = std::fopen(path && *path ? path : "/dev/null", "w");
  if (!ctx.out) {
    std::perror("BENCH_TRACE");
    std::exit(1);
  }
#endif
}
void finish() {
#if defined(BENCH_CONTEXT_TRACER)
  std::fclose(ctx.out);
  ctx.out = stderr;
#elif defined(BENCH_CONTEXT_BINARY_TRACER)
  ctx.close();  // writes the buffered records: part of the run
#endif
}
long long count() {
#if defined(BENCH_CONTEXT_COUNTER)
  return static_cast<long long>(cassette::CallCounter::total());
#elif defined(BENCH_CONTEXT_FN_COUNTER)
  return static_cast<long long>(bench::FnCounter::calls);
#elif defined(BENCH_CONTEXT_PROFILER)
  return static_cast<long long>(ctx.calls());
#else
  return -1;
#endif
}
}  // namespace variant

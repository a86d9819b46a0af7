// The original kernels, natively or under a peer's instrumentation (kernels.cpp
// and shapes.cpp are compiled with it; this file is not):
//   BENCH_CYG:   -finstrument-functions with a counting __cyg_profile_func_enter
//   BENCH_XRAY:  XRay with a counting handler, patched at start()
//   neither:     nothing counts here (the original, or uftrace's builds)
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "variant.hpp"

#if defined(BENCH_XRAY)
#include <xray/xray_interface.h>
#endif

namespace {
unsigned long long calls = 0;
}

#if defined(BENCH_CYG)
extern "C" {
__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void*, void*) { ++calls; }
__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void*, void*) {}
}
#endif

#if defined(BENCH_XRAY)
namespace {
[[clang::xray_never_instrument]] void on_event(std::int32_t, XRayEntryType type) {
  if (type == XRayEntryType::ENTRY) ++calls;
}
}  // namespace
#endif

namespace variant {
long fib(int n) { return kernels::fib(n); }
double rosenbrock(const std::vector<double>& x) { return kernels::rosenbrock(x); }
double total_area(const std::vector<std::unique_ptr<kernels::Shape>>& s) { return kernels::total_area(s); }
long map_updates(std::map<int, long>& m, int n) { return kernels::map_updates(m, n); }
void start() {
#if defined(BENCH_XRAY)
  static bool patched = false;  // once per process
  if (!patched) {
    patched = true;
    if (__xray_set_handler(on_event) != 1 || __xray_patch() != XRayPatchingStatus::SUCCESS) {
      std::fprintf(stderr, "XRay: could not install the handler or patch the sleds\n");
      std::exit(1);
    }
  }
#endif
  calls = 0;
}
void finish() {}
long long count() {
#if defined(BENCH_CYG) || defined(BENCH_XRAY)
  return static_cast<long long>(calls);
#else
  return -1;
#endif
}
}  // namespace variant

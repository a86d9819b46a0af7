// The context every golden test runs under: it prints each prehook and
// posthook, so a test can check which calls were intercepted and in what order.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

#include <cassette/cassette.hpp>

namespace golden {

struct TraceCtx : cassette::Context<TraceCtx> {
  int depth = 0;
};

template <class T>
std::string show(const T& v) {
  if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
  else if constexpr (std::is_same_v<T, char>) return std::string("'") + v + "'";
  else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) return std::to_string(static_cast<long long>(v));
  else if constexpr (std::is_floating_point_v<T>) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", static_cast<double>(v));
    return b;
  } else if constexpr (std::is_pointer_v<T>) return v ? "ptr" : "nullptr";
  else if constexpr (std::is_same_v<T, std::string>) return '"' + v + '"';
  else return "_";
}

template <class F, class... A>
void prehook(TraceCtx& ctx, const F& f, const A&... a) {
  std::string line(2 * ctx.depth, ' ');
  line += "pre ";
  line += cassette::name(f);
  line += "(";
  bool first = true;
  ((line += (first ? "" : ", ") + show(a), first = false), ...);
  std::printf("%s)\n", line.c_str());
  ++ctx.depth;
}

template <class R, class F, class... A>
void posthook(TraceCtx& ctx, const R& r, const F& f, const A&...) {
  --ctx.depth;
  std::string line(2 * ctx.depth, ' ');
  std::printf("%spost %.*s = %s\n", line.c_str(), static_cast<int>(cassette::name(f).size()), cassette::name(f).data(),
              show(r).c_str());
}

/// Runs f(args...) under TraceCtx and plainly, prints both results and
/// returns non-zero if they differ.
template <class F, class... A>
int run(F f, A... a) {
  TraceCtx ctx;
  auto traced = cassette::overdub(ctx, f, a...);
  auto plain = f(a...);
  std::printf("result %s plain %s\n", show(traced).c_str(), show(plain).c_str());
  return traced == plain ? 0 : 1;
}

}  // namespace golden

// In whole-program mode (--overdub-main) the rewritten files register it.
#ifndef CASSETTE_WHOLE_PROGRAM_REGISTERED
CASSETTE_CONTEXTS(golden::TraceCtx)
#endif

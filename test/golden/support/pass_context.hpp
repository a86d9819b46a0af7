// The context the golden tests of passes (test/passes/golden) run under: it
// names every test pass and prints its hooks as golden::TraceCtx does, and
// what the passes' inserted code tells it (`log`).
#pragma once

#include "trace_context.hpp"

namespace passgolden {

struct PassTraceCtx : cassette::Context<PassTraceCtx> {
  using passes = cassette::passes<"entry_exit", "around_calls", "swap_plus", "quiet_log", "whole_body">;
  int depth = 0;
  void log(const char* what) { std::printf("%s%s\n", std::string(2 * depth, ' ').c_str(), what); }
};

template <class F, class... A>
void prehook(PassTraceCtx& ctx, const F& f, const A&... a) {
  std::string line(2 * ctx.depth, ' ');
  line += "pre ";
  line += cassette::name(f);
  line += "(";
  bool first = true;
  ((line += (first ? "" : ", ") + golden::show(a), first = false), ...);
  std::printf("%s)\n", line.c_str());
  ++ctx.depth;
}

template <class R, class F, class... A>
void posthook(PassTraceCtx& ctx, const R& r, const F& f, const A&...) {
  --ctx.depth;
  std::printf("%spost %.*s = %s\n", std::string(2 * ctx.depth, ' ').c_str(), static_cast<int>(cassette::name(f).size()),
              cassette::name(f).data(), golden::show(r).c_str());
}

/// Runs f(args...) under PassTraceCtx (the passes' edits), then under
/// golden::TraceCtx, which names no pass (the twin as without them), then
/// plainly; prints the three results. Non-zero if the twin without the
/// passes differs from the original.
template <class F, class... A>
int run(F f, A... a) {
  PassTraceCtx with;
  auto edited = cassette::overdub(with, f, a...);
  std::printf("-- under a context that names no pass\n");
  golden::TraceCtx without;
  auto unedited = cassette::overdub(without, f, a...);
  auto plain = f(a...);
  std::printf("result %s without %s plain %s\n", golden::show(edited).c_str(), golden::show(unedited).c_str(),
              golden::show(plain).c_str());
  return unedited == plain ? 0 : 1;
}

}  // namespace passgolden

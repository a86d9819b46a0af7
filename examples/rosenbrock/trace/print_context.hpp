// Cassette's PrintCtx: a prehook that prints every call with its arguments.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <cassette/cassette.hpp>

struct PrintCtx : cassette::Context<PrintCtx> {
  std::string out;  // the trace
};

inline void show(std::string& out, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  out += buf;
}
inline void show(std::string& out, const std::vector<double>& v) {
  out += "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    show(out, v[i]);
  }
  out += "]";
}
template <class T>
  requires std::is_integral_v<T>
void show(std::string& out, T v) {
  out += std::to_string(v);
}

template <class F, class... A>
void prehook(PrintCtx& ctx, const F& callee, const A&... args) {
  ctx.out += "calling ";
  ctx.out += cassette::name(callee);
  ctx.out += "(";
  bool first = true;
  ((ctx.out += first ? "" : ", ", first = false, show(ctx.out, args)), ...);
  ctx.out += ")\n";
}

CASSETTE_CONTEXTS(PrintCtx)

// Cassette's documented contexts (seeds/004: prehook, posthook, execute), in C++.
#pragma once

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include <cassette/cassette.hpp>

namespace docs {

template <class T>
std::string show(const T& v) {
  char b[64];
  if constexpr (std::is_floating_point_v<T>) std::snprintf(b, sizeof b, "%.17g", static_cast<double>(v));
  else std::snprintf(b, sizeof b, "%lld", static_cast<long long>(v));
  return b;
}
template <class... A>
std::string args(const A&... a) {
  std::string s;
  ((s += (s.empty() ? "" : ", ") + show(a)), ...);
  return s;
}

// Cassette.prehook(::PrintCtx, f, args...) = println(f, args)
struct PrintCtx : cassette::Context<PrintCtx> {};
template <class F, class... A>
void prehook(PrintCtx&, const F& f, const A&... a) {
  std::printf("%.*s(%s)\n", int(cassette::name(f).size()), cassette::name(f).data(), args(a...).c_str());
}

// Cassette.posthook(::PostPrintCtx, output, f, args...) = println(output, " = ", f, args)
struct PostPrintCtx : cassette::Context<PostPrintCtx> {};
template <class R, class F, class... A>
void posthook(PostPrintCtx&, const R& out, const F& f, const A&... a) {
  std::printf("%s = %.*s(%s)\n", show(out).c_str(), int(cassette::name(f).size()), cassette::name(f).data(),
              args(a...).c_str());
}

// CountCtx{Count{T}}: count calls f(::T, ::T...) whose arguments are all T.
// The count depends on the context's metadata type, as in Cassette.
template <class T>
struct Count {
  int count = 0;
};
template <class M>
struct CountCtx : cassette::Context<CountCtx<M>, M> {};
template <class T, class F, class... A>
  requires(sizeof...(A) > 0 && (std::is_same_v<A, T> && ...))
void prehook(CountCtx<Count<T>>& ctx, const F&, const A&...) {
  ++ctx.metadata.count;
}

// AccumCtx: posthook(ctx::AccumCtx, out::Number, f, args...) = ctx.metadata.x += out
struct Accum {
  double x = 0;
};
struct AccumCtx : cassette::Context<AccumCtx, Accum> {};
template <class R, class F, class... A>
  requires std::is_arithmetic_v<R>
void posthook(AccumCtx& ctx, const R& out, const F&, const A&...) {
  ctx.metadata.x += out;
}

// SinCtx: execute(::SinCtx, ::typeof(sin), x) = cos(x)
struct SinCtx : cassette::Context<SinCtx> {};
inline double execute(SinCtx&, const cassette::fn<"std::sin">&, double x) { return std::cos(x); }

// Memoisation: execute answers from the cache or continues into the callee's
// body overdubbed (Cassette's recurse); the posthook fills the cache.
struct MemoCtx : cassette::Context<MemoCtx> {
  std::map<int, long> cache;
};
inline cassette::MaybeOverdub<long> execute(MemoCtx& ctx, const cassette::fn<"numbers::fib">&, int n) {
  if (auto it = ctx.cache.find(n); it != ctx.cache.end()) return it->second;
  return cassette::overdub_instead;
}
inline void posthook(MemoCtx& ctx, long out, const cassette::fn<"numbers::fib">&, int n) { ctx.cache[n] = out; }

// A call tree: every call indented by its depth, with its result.
struct TreeCtx : cassette::Context<TreeCtx> {
  int depth = 0;
};
template <class F, class... A>
void prehook(TreeCtx& ctx, const F& f, const A&... a) {
  std::printf("%*s%.*s(%s)\n", 2 * ctx.depth, "", int(cassette::name(f).size()), cassette::name(f).data(),
              args(a...).c_str());
  ++ctx.depth;
}
template <class R, class F, class... A>
void posthook(TreeCtx& ctx, const R& out, const F&, const A&...) {
  --ctx.depth;
  std::printf("%*s=> %s\n", 2 * ctx.depth, "", show(out).c_str());
}

// Cassette's README trace:
//
//   function Cassette.overdub(ctx::TraceCtx, args...)
//       subtrace = Any[]
//       push!(ctx.metadata, args => subtrace)
//       if Cassette.canrecurse(ctx, args...)
//           newctx = Cassette.similarcontext(ctx, metadata = subtrace)
//           return Cassette.recurse(newctx, args...)
//       else
//           return Cassette.fallback(ctx, args...)
//       end
//   end
//
// Here the override is `execute` taking the call (cassette::Call), and a
// trace node is `args => subtrace`.
struct TraceNode {
  std::string args;
  std::vector<TraceNode> subtrace;
};
struct TraceCtx : cassette::Context<TraceCtx, std::vector<TraceNode>*> {};
template <class F, class S, class... A>
decltype(auto) execute(TraceCtx& ctx, cassette::Call<F, S>& call, A&... a) {
  std::string name(cassette::name(call.callee()));
  ctx.metadata->push_back({"(" + name + (sizeof...(a) ? ", " : "") + args(a...) + ")", {}});
  if (call.canrecurse()) {
    TraceCtx newctx = cassette::similarcontext(ctx, &ctx.metadata->back().subtrace);
    return call.recurse(newctx);
  }
  return call.fallback();
}

}  // namespace docs

CASSETTE_CONTEXTS(docs::PrintCtx, docs::PostPrintCtx, docs::CountCtx<docs::Count<double>>,
                  docs::CountCtx<docs::Count<int>>, docs::AccumCtx, docs::SinCtx, docs::MemoCtx, docs::TreeCtx,
                  docs::TraceCtx)

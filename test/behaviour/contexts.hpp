// The contexts of the behaviour tests. They are registered, because the
// subject's twins are defined in its .cpp files and called from the tests.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <cassette/cassette.hpp>
#include <cassette/contexts/counter.hpp>
#include <cassette/contexts/empty.hpp>
#include <cassette/contexts/tracer.hpp>

namespace bt {

inline std::string show(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}
template <class T>
std::string show(const T& v) {
  if constexpr (std::is_arithmetic_v<T>) return show(static_cast<double>(v));
  else return "_";
}

/// Records every hook as a line: "pre NAME(args)" and "post NAME = result".
struct Recorder : cassette::Context<Recorder> {
  std::vector<std::string> events;
};
template <class F, class... A>
void prehook(Recorder& c, const F& f, const A&... a) {
  std::string line = "pre " + std::string(cassette::name(f)) + "(";
  bool first = true;
  ((line += (first ? "" : ", ") + show(a), first = false), ...);
  c.events.push_back(line + ")");
}
template <class R, class F, class... A>
void posthook(Recorder& c, const R& r, const F& f, const A&...) {
  c.events.push_back("post " + std::string(cassette::name(f)) + " = " + show(r));
}

/// `inner` is a primitive of this context: execute answers for it.
struct PrimitiveCtx : Recorder {};
inline double execute(PrimitiveCtx&, const cassette::fn<"arith::inner">&, double) { return 100.0; }

/// Cassette's README trace: every call a node (callee and arguments) whose
/// children are the calls its body makes, built by an `execute` of the
/// second form that continues each call under a copy of the context whose
/// metadata is that node's children (Cassette's `recurse(similarcontext(ctx,
/// metadata = subtrace), args...)`), or runs a primitive (`fallback`).
struct TraceNode {
  std::string call;
  std::vector<TraceNode> children;
};
struct TraceCtx : cassette::Context<TraceCtx, std::vector<TraceNode>*> {};
template <class F, class S, class... A>
decltype(auto) execute(TraceCtx& ctx, cassette::Call<F, S>& call, A&... a) {
  std::string line = std::string(cassette::name(call.callee())) + "(";
  bool first = true;
  ((line += (first ? "" : ", ") + show(a), first = false), ...);
  ctx.metadata->push_back({line + ")", {}});
  TraceCtx sub = cassette::similarcontext(ctx, &ctx.metadata->back().children);
  if (call.canrecurse()) return call.recurse(sub);
  return call.fallback();
}

/// Continues arith::inner under a Recorder: a context of another type.
struct HandOffCtx : cassette::Context<HandOffCtx> {
  Recorder* recorder = nullptr;
};
template <class S>
double execute(HandOffCtx& ctx, cassette::Call<cassette::fn<"arith::inner">, S>& call, double&) {
  return call.recurse(*ctx.recorder);
}

/// Runs arith::inner as written (`fallback`): its calls are not seen.
struct AsWrittenInnerCtx : Recorder {};
template <class S>
double execute(AsWrittenInnerCtx&, cassette::Call<cassette::fn<"arith::inner">, S>& call, double&) {
  return call.fallback();
}

/// Continues arith::inner under the same context with another argument.
struct RerouteCtx : Recorder {};
template <class S>
double execute(RerouteCtx& ctx, cassette::Call<cassette::fn<"arith::inner">, S>& call, double&) {
  return call.recurse(ctx, 10.0);
}

/// Memoised fib: execute answers from the cache or continues into the twin.
struct MemoCtx : cassette::Context<MemoCtx> {
  std::map<int, long> cache;
  int computed = 0;
};
inline cassette::MaybeOverdub<long> execute(MemoCtx& c, const cassette::fn<"arith::fib">&, int n) {
  if (auto it = c.cache.find(n); it != c.cache.end()) return it->second;
  return cassette::overdub_instead;
}
inline void posthook(MemoCtx& c, long r, const cassette::fn<"arith::fib">&, int n) {
  if (c.cache.emplace(n, r).second) ++c.computed;
}

/// Replaces primitives (callees without a twin) by its own fallback.
struct FallbackCtx : cassette::Context<FallbackCtx> {
  std::vector<std::string> primitives;
};
inline std::size_t fallback(FallbackCtx& c, const cassette::fn<"std::strlen">& f, const char*) {
  c.primitives.emplace_back(cassette::name(f));
  return 40;
}

/// Hooks compiled away: the prehook below never runs.
struct DisabledCtx : cassette::Context<DisabledCtx> {
  static constexpr bool hooks_enabled = false;
  int calls = 0;
};
template <class F, class... A>
void prehook(DisabledCtx& c, const F&, const A&...) {
  ++c.calls;
}

/// A hook that throws.
struct ThrowingHookCtx : cassette::Context<ThrowingHookCtx> {};
inline void prehook(ThrowingHookCtx&, const cassette::fn<"arith::inner">&, double) {
  throw std::runtime_error("hook refused inner");
}

/// Collects callee identities.
struct IdentityCtx : cassette::Context<IdentityCtx> {
  std::vector<std::string> names;
  std::vector<cassette::source_location> locations;
};
template <class F, class... A>
void prehook(IdentityCtx& c, const F& f, const A&...) {
  c.names.emplace_back(cassette::name(f));
  c.locations.push_back(cassette::location(f));
}

/// A context with metadata, for similarcontext.
struct MetaCtx : cassette::Context<MetaCtx, int> {
  std::string label = "original";
};

}  // namespace bt

CASSETTE_CONTEXTS(bt::Recorder, bt::PrimitiveCtx, bt::TraceCtx, bt::HandOffCtx, bt::AsWrittenInnerCtx, bt::RerouteCtx,
                  bt::MemoCtx, bt::FallbackCtx, bt::DisabledCtx,
                  bt::ThrowingHookCtx, bt::IdentityCtx, bt::MetaCtx, cassette::EmptyContext, cassette::CallCounter,
                  cassette::Tracer)

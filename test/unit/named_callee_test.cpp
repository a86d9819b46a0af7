// The runtime side of a site whose callee is named by address
// (runtime/cassette/rt/named.hpp), written as cassette-rewrite writes it
// (golden free_function_call shows the rewriter's side): under a context
// without hooks two sites of the same callee pass the same types to
// rt::call, so they share its instantiation; under a context with hooks each
// keeps its own invoker, which can continue the call under another context.
#include <gtest/gtest.h>

#include <cassette/cassette.hpp>
#include <cassette/rt/call.hpp>
#include <string>
#include <type_traits>

namespace {

struct Quiet : cassette::Context<Quiet> {
  static constexpr bool hooks_enabled = false;
};
struct Other : cassette::Context<Other> {
  static constexpr bool hooks_enabled = false;
};
struct Hooked : cassette::Context<Hooked> {
  std::string log;
};
template <class F, class... A>
void prehook(Hooked& c, const F& f, const A&...) {
  c.log += std::string(cassette::name(f)) + ";";
}

std::string ran;
int twice(int x) {
  ran += "twice;";
  return 2 * x;
}
template <class CassetteCtx>
int cassette_twin_twice(cassette::Twin<CassetteCtx>, int x) {
  ran += "twin;";
  return 2 * x;
}
struct Box {
  int v = 5;
  int get(int d) const { return v + d; }
  template <class CassetteCtx>
  int cassette_twin_get(cassette::Twin<CassetteCtx>, int d) const {
    ran += "twin get;";
    return v + d;
  }
};

// Two sites calling twice, as emitted.
template <class CassetteCtx>
auto first_site(cassette::Twin<CassetteCtx> cassette_ctx_) {
  return ::cassette::rt::lean_twin<&cassette_twin_twice<::cassette::rt::slot_context<decltype(cassette_ctx_)>>>(
      cassette_ctx_, [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
        return cassette_twin_twice(cassette_t, CASSETTE_FWD(cassette_a0));
      });
}
template <class CassetteCtx>
auto second_site(cassette::Twin<CassetteCtx> cassette_ctx_) {
  return ::cassette::rt::lean_twin<&cassette_twin_twice<::cassette::rt::slot_context<decltype(cassette_ctx_)>>>(
      cassette_ctx_, [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
        return cassette_twin_twice(cassette_t, CASSETTE_FWD(cassette_a0));
      });
}

TEST(NamedCallee, SitesOfOneCalleeShareTheirTypesUnderAContextWithoutHooks) {
  Quiet q;
  cassette::Twin<Quiet> t(q);
  static_assert(std::is_same_v<decltype(first_site(t)), decltype(second_site(t))>);
  static_assert(std::is_same_v<decltype(first_site(t)), cassette::rt::bound_twin<&cassette_twin_twice<Quiet>, false>>);
  Hooked h;
  cassette::Twin<Hooked> th(h);
  static_assert(!std::is_same_v<decltype(first_site(th)), decltype(second_site(th))>);
}

TEST(NamedCallee, TheBoundTwinRunsAndTheOriginalRunsAsWritten) {
  Quiet q;
  cassette::Twin<Quiet> t(q);
  ran.clear();
  int x = 4;
  EXPECT_EQ(cassette::rt::call(t, cassette::fn<"twice">("t.cpp", 1, 1), cassette::rt::named<&twice>{}, first_site(t), x),
            8);
  EXPECT_EQ(ran, "twin;");
  ran.clear();
  EXPECT_EQ(cassette::rt::named<&twice>{}(x), 8);
  EXPECT_EQ(ran, "twice;");
}

TEST(NamedCallee, ABoundTwinIsNoTwinForAnotherContext) {
  // A slot of another context does not take it: the protocol runs the primitive.
  using Bound = cassette::rt::bound_twin<&cassette_twin_twice<Quiet>, false>;
  static_assert(!cassette::hooks_enabled_v<Other>);
  static_assert(std::is_invocable_v<Bound&, cassette::Twin<Quiet>&, int&>);
  static_assert(!std::is_invocable_v<Bound&, cassette::Twin<Other>&, int&>);
}

TEST(NamedCallee, AMemberFunctionAndItsTwin) {
  Quiet q;
  cassette::Twin<Quiet> cassette_ctx_(q);
  Box b;
  int d = 2;
  ran.clear();
  int r = cassette::rt::call(
      cassette_ctx_, cassette::fn<"Box::get">("t.cpp", 1, 1), cassette::rt::named_member<&Box::get>{},
      cassette::rt::lean_member_twin<&Box::cassette_twin_get<cassette::rt::slot_context<decltype(cassette_ctx_)>>>(
          cassette_ctx_,
          [&](auto& cassette_t, auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) {
            return CASSETTE_FWD(cassette_a0).cassette_twin_get(cassette_t, CASSETTE_FWD(cassette_a1));
          }),
      b, d);
  EXPECT_EQ(r, 7);
  EXPECT_EQ(ran, "twin get;");
}

TEST(NamedCallee, UnderAContextWithHooksTheSiteKeepsItsInvoker) {
  Hooked h;
  cassette::Twin<Hooked> t(h);
  ran.clear();
  int x = 3;
  EXPECT_EQ(cassette::rt::call(t, cassette::fn<"twice">("t.cpp", 1, 1), cassette::rt::named<&twice>{}, first_site(t), x),
            6);
  EXPECT_EQ(h.log, "twice;");
  EXPECT_EQ(ran, "twin;");
}

}  // namespace

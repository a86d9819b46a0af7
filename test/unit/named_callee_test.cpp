// The runtime side of a site whose callee is named by address
// (runtime/cassette/rt/named.hpp), written as cassette-rewrite writes it
// (golden free_function_call shows the rewriter's side): under a context
// without hooks two sites of the same callee pass the same types to
// rt::call, so they share its instantiation; under a context with hooks each
// keeps its own invoker, which can continue the call under another context.
// A member function named by its class (CASSETTE_MEMBER_CALLERS, golden
// member_call_named_by_class) needs no invoker under any context.
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

// A class as cassette-rewrite writes it: the callers after its `{`, an
// overloaded member with a default argument, and the twins.
class Meter {
 public:
  CASSETTE_MEMBER_CALLERS(add)
 private:
  int sum_ = 0;

 public:
  int add(int x, int times = 1) { return sum_ += x * times; }
  int add(const char* s) { return sum_ += s[0]; }
  template <class CassetteCtx>
  int cassette_twin_add(cassette::Twin<CassetteCtx>, int x, int times = 1) {
    ran += "twin add int;";
    return sum_ += x * times;
  }
  template <class CassetteCtx>
  int cassette_twin_add(cassette::Twin<CassetteCtx>, const char* s) {
    ran += "twin add text;";
    return sum_ += s[0];
  }
};

template <class Slot, class... A>
int add_site(Slot cassette_ctx_, Meter& m, A&&... a) {
  return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meter::add">("t.cpp", 1, 1),
                              ::Meter::cassette_calls_add{}, ::Meter::cassette_twincalls_add{}, m,
                              static_cast<A&&>(a)...);
}

// Continues every call under another context, as a memoiser's miss would.
struct Forward : cassette::Context<Forward> {
  Quiet inner;
};
template <class F, class S, class... A>
decltype(auto) execute(Forward& c, cassette::Call<F, S>& call, A&...) {
  return call.recurse(c.inner);
}

TEST(NamedCallee, MemberCallersResolveOverloadsAndDefaultArgumentsAsTheSite) {
  Quiet q;
  Meter m;
  ran.clear();
  int x = 3;
  EXPECT_EQ(add_site(cassette::Twin<Quiet>(q), m, x), 3);
  EXPECT_EQ(add_site(cassette::Twin<Quiet>(q), m, x, 2), 9);
  EXPECT_EQ(add_site(cassette::Twin<Quiet>(q), m, "a"), 9 + 'a');
  EXPECT_EQ(ran, "twin add int;twin add int;twin add text;");
  // The call as written: the original, not a twin.
  ran.clear();
  EXPECT_EQ(Meter::cassette_calls_add{}(m, 1), 10 + 'a');
  EXPECT_EQ(ran, "");
}

TEST(NamedCallee, MemberCallersAreOneTypeForEverySiteAndEveryContext) {
  // The site passes the same types under a context with hooks, and the
  // twin caller takes the slot of any context: Call::recurse continues
  // under a context of another type.
  Forward f;
  Meter m;
  ran.clear();
  int x = 4;
  EXPECT_EQ(add_site(cassette::Twin<Forward>(f), m, x), 4);
  EXPECT_EQ(ran, "twin add int;");
  static_assert(std::is_invocable_v<Meter::cassette_twincalls_add&, cassette::Twin<Other>&, Meter&, int&>);
  static_assert(!std::is_invocable_v<Meter::cassette_twincalls_add&, cassette::Twin<Other>&, Meter&, double*>);
}

}  // namespace

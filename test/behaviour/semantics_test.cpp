// Cassette's semantics on rewritten code: exact hook sequences and values.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "arith.hpp"
#include "contexts.hpp"
#include "extlib.hpp"
#include "shapes.hpp"

using Events = std::vector<std::string>;

TEST(Hooks, PrehooksPreOrderPosthooksPostOrderWithResult) {
  bt::Recorder ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, add_mul), 1.0, 2.0, 3.0);
  EXPECT_EQ(r, 7.0);
  EXPECT_EQ(ctx.events, (Events{"pre *(2, 3)", "post * = 6", "pre +(1, 6)", "post + = 7"}));
}

TEST(Hooks, NestedCallsNestInTheTrace) {
  bt::Recorder ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 4.0);
  EXPECT_EQ(r, 9.0);
  // outer itself is the outermost call: not hooked. inner's body is overdubbed.
  EXPECT_EQ(ctx.events, (Events{"pre arith::inner(4)", "pre *(4, 2)", "post * = 8", "post arith::inner = 8",
                                "pre +(8, 1)", "post + = 9"}));
}

TEST(Execute, OverloadMakesCalleeAPrimitiveWithHooksAround) {
  bt::PrimitiveCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 4.0);
  EXPECT_EQ(r, 101.0);
  // Nothing inside inner is intercepted; its hooks still fire.
  EXPECT_EQ(ctx.events, (Events{"pre arith::inner(4)", "post arith::inner = 100", "pre +(100, 1)", "post + = 101"}));
}

TEST(Execute, EntryCallConsultsExecuteWithoutHooks) {
  // Cassette's overdub(NukeCtx(), iterate, Silo()): the context's execute
  // answers for the entry call too, and inner's body does not run.
  bt::PrimitiveCtx ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, inner), 4.0);
  EXPECT_EQ(r, 100.0);
  // No prehook or posthook for the entry call itself, and nothing inside ran.
  EXPECT_TRUE(ctx.events.empty());
  // A callable that names no function (a lambda) has no identity: it runs.
  EXPECT_EQ(cassette::overdub(ctx, [](double x) { return x + 1; }, 4.0), 5.0);
}

TEST(Execute, EntryCallAnsweredFromTheCache) {
  bt::MemoCtx ctx;
  ctx.cache[30] = 12345;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 30), 12345);
  EXPECT_EQ(ctx.computed, 0);  // answered by execute: fib's body never ran
  // Not in the cache: execute says overdub_instead, and the body runs.
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 10), 55);
  EXPECT_EQ(ctx.computed, 10);  // fib(0)..fib(9), each once; fib(10) is the entry call
}

TEST(Execute, ContinuesIntoTheTwinForMemoisation) {
  bt::MemoCtx ctx;
  long r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 40);
  EXPECT_EQ(r + 20, 102334175);
  // fib(0)..fib(39) are each computed once (fib(40) itself is the outermost call).
  EXPECT_EQ(ctx.computed, 40);
  ASSERT_EQ(ctx.cache.size(), 40u);
  EXPECT_EQ(ctx.cache.at(0), 0);
  EXPECT_EQ(ctx.cache.at(1), 1);
  EXPECT_EQ(ctx.cache.at(39), 63245986);
}

// Renders a trace as Cassette's README prints it: one call per line,
// indented by depth.
static void render(const std::vector<bt::TraceNode>& nodes, int depth, std::string& out) {
  for (const bt::TraceNode& n : nodes) {
    out += std::string(2 * depth, ' ') + n.call + "\n";
    render(n.children, depth + 1, out);
  }
}

TEST(Recurse, NestedTraceUnderSimilarContexts) {
  // Cassette's README: overdub(TraceCtx(metadata = trace), f, x, y, z) with
  // f(x, y, z) = x*y + y*z; each call continues under a context whose
  // metadata is its own node's children.
  std::vector<bt::TraceNode> trace;
  bt::TraceCtx ctx;
  ctx.metadata = &trace;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, tree), 2.0, 3.0, 4.0);
  EXPECT_EQ(r, 18.0);
  std::string out;
  render(trace, 0, out);
  EXPECT_EQ(out,
            "arith::tree(2, 3, 4)\n"
            "  *(2, 3)\n"
            "  *(3, 4)\n"
            "  +(6, 12)\n");
  // A call with a twin inside a twin: its own node, its body's calls below it.
  trace.clear();
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, divide), 7, 2), 3.5);
  out.clear();
  render(trace, 0, out);
  EXPECT_EQ(out,
            "arith::divide(7, 2)\n"
            "  arith::to_double(7)\n"
            "  arith::to_double(2)\n"
            "  /(7, 2)\n");
}

TEST(Recurse, ThroughAPointerToMemberFunctionItsTwinIsReached) {
  std::vector<bt::TraceNode> trace;
  bt::TraceCtx ctx;
  ctx.metadata = &trace;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, via_member_pointer), 3), 6);
  std::string out;
  render(trace, 0, out);
  // canrecurse says yes for the registered member twin, so its body's calls
  // are traced below the call through the pointer.
  EXPECT_EQ(out,
            "arith::via_member_pointer(3)\n"
            "  (member pointer call)(_, _, 3)\n"
            "    *(3, 2)\n");
}

TEST(Recurse, ContinuesUnderAContextOfAnotherType) {
  bt::Recorder recorder;
  bt::HandOffCtx ctx;
  ctx.recorder = &recorder;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 3.0), 7.0);
  // inner's body ran under the Recorder; outer's own calls under HandOffCtx,
  // which has no hooks but execute.
  EXPECT_EQ(recorder.events, (Events{"pre *(3, 2)", "post * = 6"}));
}

TEST(Recurse, FallbackRunsTheCalleeAsWritten) {
  bt::AsWrittenInnerCtx ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 3.0), 7.0);
  // The call of inner is hooked; nothing inside it is seen.
  EXPECT_EQ(ctx.events, (Events{"pre arith::inner(3)", "post arith::inner = 6", "pre +(6, 1)", "post + = 7"}));
}

TEST(Recurse, WithOtherArguments) {
  bt::RerouteCtx ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 3.0), 21.0);
  EXPECT_EQ(ctx.events, (Events{"pre arith::inner(3)", "pre *(10, 2)", "post * = 20", "post arith::inner = 20",
                                "pre +(20, 1)", "post + = 21"}));
}

TEST(Fallback, UserFallbackReplacesAPrimitive) {
  bt::FallbackCtx ctx;
  int r = cassette::overdub(ctx, CASSETTE_FN_IN(arith, uses_primitives), std::string("abc"));
  EXPECT_EQ(r, 42);  // strlen answered 40 by the fallback, std::max(1, 2) ran as the primitive
  EXPECT_EQ(ctx.primitives, (Events{"std::strlen"}));
  EXPECT_EQ(arith::uses_primitives("abc"), 5);
}

TEST(Fallback, CanOverdubIsACompileTimeConstant) {
  static_assert(cassette::canoverdub_v<bt::Recorder, decltype(CASSETTE_FN_IN(arith, inner)), double>);
  auto plain_lambda = [](double x) { return x; };
  static_assert(!cassette::canoverdub_v<bt::Recorder, decltype(plain_lambda), double>);
  bt::Recorder ctx;
  // Something that cannot be overdubbed runs through fallback: here the default, a plain call.
  EXPECT_EQ(cassette::overdub(ctx, plain_lambda, 2.5), 2.5);
  EXPECT_TRUE(ctx.events.empty());
}

TEST(Primitives, CalleesWithoutATwinRunAsPrimitives) {
  bt::Recorder ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, uses_primitives), std::string("abcd")), 6);
  // strlen (a C function), c_str and max (system headers): hooked, bodies not entered.
  EXPECT_EQ(ctx.events, (Events{"pre std::basic_string::c_str(_)", "post std::basic_string::c_str = _",
                                "pre std::strlen(_)", "post std::strlen = 4", "pre std::max(1, 2)",
                                "post std::max = 2", "pre +(4, 2)", "post + = 6"}));

  bt::Recorder ctx2;
  // ext_scale is declared and defined outside --root: a primitive.
  EXPECT_EQ(cassette::overdub(ctx2, CASSETTE_FN_IN(arith, scaled), 3), 31);
  EXPECT_EQ(ctx2.events, (Events{"pre ext_scale(3)", "post ext_scale = 30", "pre +(30, 1)", "post + = 31"}));
}

TEST(Primitives, DeclaredInTheTreeButDefinedOutsideIt) {
  // No unit under --root defines arith::defined_outside: the rewriter makes
  // its calls primitives (and says so in its report) instead of calling a
  // twin that would never be defined.
  bt::Recorder ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, calls_defined_outside), 1), 202);
  EXPECT_EQ(ctx.events, (Events{"pre arith::defined_outside(1)", "post arith::defined_outside = 101",
                                "pre *(101, 2)", "post * = 202"}));
}

TEST(Identity, ReadableQualifiedNameAndLocation) {
  bt::IdentityCtx ctx;
  cassette::overdub(ctx, CASSETTE_FN_IN(arith, divide), 1, 2);
  ASSERT_EQ(ctx.names, (Events{"arith::to_double", "arith::to_double", "/"}));
  // The callee's first declaration, the same in every unit whichever
  // declarations it sees: arith.hpp line 12, column 8 (paths are relative to
  // --root), not the definition above divide in arith.cpp.
  EXPECT_STREQ(ctx.locations[0].file, "arith.hpp");
  EXPECT_EQ(ctx.locations[0].line, 12u);
  EXPECT_EQ(ctx.locations[0].column, 8u);
  EXPECT_EQ(cassette::fn<"arith::inner">::name(), "arith::inner");
  EXPECT_EQ(cassette::name(cassette::op::mul{}), "*");
}

TEST(Context, SimilarContextCopiesWithNewMetadata) {
  bt::MetaCtx ctx;
  ctx.metadata = 1;
  ctx.label = "mine";
  bt::MetaCtx other = cassette::similarcontext(ctx, 7);
  EXPECT_EQ(other.metadata, 7);
  EXPECT_EQ(other.label, "mine");
  EXPECT_EQ(ctx.metadata, 1);
  bt::MetaCtx same = cassette::similarcontext(ctx);
  EXPECT_EQ(same.metadata, 1);
}

TEST(Context, HooksCanBeDisabledAtCompileTime) {
  static_assert(!cassette::hooks_enabled_v<bt::DisabledCtx>);
  bt::DisabledCtx ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 4.0), 9.0);
  EXPECT_EQ(ctx.calls, 0);
}

TEST(Exceptions, ThrownByTheProgramPropagateUnchanged) {
  bt::Recorder ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, checked), 5), 5);
  try {
    cassette::overdub(ctx, CASSETTE_FN_IN(arith, checked), -1);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "negative input");
  }
}

TEST(Exceptions, ThrownByAHookPropagateUnchanged) {
  bt::ThrowingHookCtx ctx;
  try {
    cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 1.0);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "hook refused inner");
  }
}

TEST(Virtual, CallsReachTheTwinOfTheDynamicTarget) {
  std::vector<std::unique_ptr<shapes::Shape>> all;
  all.push_back(std::make_unique<shapes::Square>(2.0));
  all.push_back(std::make_unique<shapes::Circle>(1.0));
  bt::Recorder ctx;
  double r = cassette::overdub(ctx, CASSETTE_FN_IN(shapes, total_area), all);
  EXPECT_EQ(r, 7.0);
  // The static callee is the pure virtual Shape::area; the bodies that run are
  // the twins of Square::area and Circle::area (their multiplications are seen).
  Events area_calls;
  for (const std::string& e : ctx.events)
    if (e.rfind("pre shapes::Shape::area", 0) == 0 || e.rfind("pre *", 0) == 0) area_calls.push_back(e);
  EXPECT_EQ(area_calls, (Events{"pre shapes::Shape::area(_)", "pre *(2, 2)", "pre shapes::Shape::area(_)",
                                "pre *(3, 1)", "pre *(3, 1)"}));
}

TEST(Virtual, ThroughABaseReferenceAndANonPureVirtual) {
  shapes::Square sq(3.0);
  bt::Recorder ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(shapes, area_of), sq), 9.0);
  EXPECT_EQ(ctx.events, (Events{"pre shapes::Shape::scaled_area(_, 1)", "pre shapes::Shape::area(_)",
                                "pre *(3, 3)", "post * = 9", "post shapes::Shape::area = 9", "pre *(1, 9)",
                                "post * = 9", "post shapes::Shape::scaled_area = 9"}));
}

TEST(Originals, RewrittenTreeBehavesAsBefore) {
  EXPECT_EQ(arith::add_mul(1, 2, 3), 7.0);
  EXPECT_EQ(arith::fib(20), 6765);
  EXPECT_EQ(arith::divide(1, 4), 0.25);
}

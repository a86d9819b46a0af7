// cassette::GraphCtx on the rewritten subject: the exact graph of a small
// function, replay that gives the function's results to the bit (through
// conversions, fields, containers and the heap), the first branch that would
// go the other way, a function collapsed into one node by graph_function,
// and a call replay cannot evaluate.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "contexts.hpp"
#include "model.hpp"  // the rewritten header

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string labels(const cassette::Graph& g) {
  std::string s;
  for (const cassette::GraphNode& n : g.nodes()) {
    s += (s.empty() ? "" : " ") + n.label;
    if (!n.operands.empty()) {
      s += "(";
      for (std::size_t k = 0; k < n.operands.size(); ++k) s += (k ? "," : "") + std::to_string(n.operands[k]);
      s += ")";
    }
  }
  return s;
}

// Records fn (CASSETTE_FN of `plain`) on `at`, each number an input, then
// checks that replay on every point of `points` gives what `plain` gives,
// bit for bit. `extra`: further arguments, constants of the graph.
template <class Fn, class Plain, class... Extra>
void expect_replays_match(Fn fn, Plain plain, std::vector<double> at, const std::vector<std::vector<double>>& points,
                          Extra... extra) {
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  constexpr bool unary = std::is_invocable_v<Plain, double, Extra...>;
  if constexpr (unary) ctx.output(cassette::overdub(ctx, fn, ctx.input(at.at(0), "a"), extra...), "r");
  else ctx.output(cassette::overdub(ctx, fn, ctx.input(at.at(0), "a"), ctx.input(at.at(1), "b"), extra...), "r");
  for (const std::vector<double>& p : points) {
    cassette::Replay again = g.replay(std::vector<cassette::Scalar>(p.begin(), p.end()));
    ASSERT_TRUE(again.ok()) << again.diverged;
    double direct;
    if constexpr (unary) direct = plain(p.at(0), extra...);
    else direct = plain(p.at(0), p.at(1), extra...);
    EXPECT_TRUE(same_bits(again.outputs.at(0).as<double>(), direct))
        << "at " << p[0] << ": replay " << again.outputs[0].as<double>() << ", the function " << direct;
  }
}

}  // namespace

TEST(Graph, SmallFunctionExactly) {
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, poly), ctx.input(2.0, "x"));
  ctx.output(r, "poly");
  EXPECT_EQ(cassette::untag(r), 17.0);
  // 3 * x * x + 2 * x + 1, operands first: one node per distinct constant.
  EXPECT_EQ(labels(g), "x 3 *(1,0) *(2,0) 2 *(4,0) +(3,5) 1 +(6,7)");
  EXPECT_EQ(g.nodes().back().value.as<double>(), 17.0);
  ASSERT_EQ(g.outputs().size(), 1u);
  EXPECT_EQ(g.outputs()[0].first, 8u);
  EXPECT_EQ(g.dot(),
            "digraph computation {\n  rankdir=TB;\n  node [fontname=\"Helvetica\"];\n"
            "  n0 [shape=box, label=\"x\\n2\"];\n  n1 [shape=plaintext, label=\"3\"];\n"
            "  n2 [shape=ellipse, label=\"*\\n6\"];\n  n3 [shape=ellipse, label=\"*\\n12\"];\n"
            "  n4 [shape=plaintext, label=\"2\"];\n  n5 [shape=ellipse, label=\"*\\n4\"];\n"
            "  n6 [shape=ellipse, label=\"+\\n16\"];\n  n7 [shape=plaintext, label=\"1\"];\n"
            "  n8 [shape=ellipse, label=\"+\\n17\"];\n"
            "  n1 -> n2 [label=\"0\"];\n  n0 -> n2 [label=\"1\"];\n  n2 -> n3 [label=\"0\"];\n"
            "  n0 -> n3 [label=\"1\"];\n  n4 -> n5 [label=\"0\"];\n  n0 -> n5 [label=\"1\"];\n"
            "  n3 -> n6 [label=\"0\"];\n  n5 -> n6 [label=\"1\"];\n  n6 -> n8 [label=\"0\"];\n"
            "  n7 -> n8 [label=\"1\"];\n  out0 [shape=doubleoctagon, label=\"poly\"];\n  n8 -> out0;\n}\n");
  cassette::Replay again = g.replay({-0.1});
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_bits(again.outputs[0].as<double>(), model::poly(-0.1)));
}

TEST(Graph, ReplayMatchesThroughConversionsAndCompoundAssignment) {
  // acc += twice(x) * i; acc -= x; int truncated = static_cast<int>(acc): the
  // int conversion is replayed as the program converts (the points keep acc
  // within int's range, where the conversion is defined).
  expect_replays_match(CASSETTE_FN_IN(model, through_helpers), model::through_helpers, {1.3},
                       {{0.1}, {-2.75}, {1e8}, {3.999999}, {-0.4}}, 4);
}

TEST(Graph, ReplayMatchesThroughFieldsContainersAndTheHeap) {
  // Particle fields, vectors, a global, a functor (convoluted); a heap ring
  // walked twice; push_back with reallocation.
  expect_replays_match(CASSETTE_FN_IN(model, convoluted), model::convoluted, {1.5, -0.5}, {{2.0, 3.0}, {-1.25, 0.75}});
  expect_replays_match(CASSETTE_FN_IN(model, ring_sum), model::ring_sum, {0.7}, {{1.1}, {-3.0}}, 5);
  expect_replays_match(CASSETTE_FN_IN(model, vector_push_back), model::vector_push_back, {0.7}, {{1.1}, {-3.0}}, 9);
  expect_replays_match(CASSETTE_FN_IN(model, heap_particle), model::heap_particle, {0.7}, {{1.1}, {-3.0}});
}

TEST(Graph, MathFunctionsAreNodesReplayEvaluates) {
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, no_rule), ctx.input(8.0, "x"));  // std::cbrt(x) + x
  ctx.output(r, "r");
  EXPECT_EQ(labels(g), "x std::cbrt(0) +(1,0)");
  cassette::Replay again = g.replay({2.5});
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(same_bits(again.outputs[0].as<double>(), model::no_rule(2.5)));
}

TEST(Graph, ReplaySaysWhichBranchWouldDiffer) {
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, relu), ctx.input(2.0, "x"));  // if (x > 0) return x;
  ctx.output(r, "relu");
  EXPECT_EQ(labels(g), "x 0 >(0,1)");
  EXPECT_TRUE(g.nodes()[2].guard);
  cassette::Replay same_path = g.replay({3.5});
  ASSERT_TRUE(same_path.ok());
  EXPECT_EQ(same_path.outputs[0].as<double>(), 3.5);
  cassette::Replay other_path = g.replay({-1.0});
  EXPECT_FALSE(other_path.ok());
  EXPECT_EQ(other_path.node, 2);
  EXPECT_EQ(other_path.diverged,
            "node 2 (x > 0) is false on these inputs and was true when recorded: the program would take another path");
}

TEST(Graph, GraphFunctionMakesAFunctionOneNode) {
  // contexts.hpp: graph_function<fn<"model::choose">>, so its twin does not
  // run: one node, which replay evaluates by calling model::choose.
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, choose), ctx.input(true, "b"), ctx.input(1.5, "x"),
                             ctx.input(4.0, "y"));
  ctx.output(r, "chosen");
  EXPECT_EQ(cassette::untag(r), 1.5);
  EXPECT_EQ(labels(g), "b x y model::choose(0,1,2)");
  cassette::Replay again = g.replay({false, -2.0, 7.0});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.outputs[0].as<double>(), 7.0);
}

TEST(Graph, CallsThroughPointersAndStdFunctionReplayTheirTarget) {
  // fp(x) * 2 + g(x), fp = &::cbrt and g a std::function holding it: each
  // call is a node that keeps what it called, and replay calls that.
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, library_pointer), ctx.input(8.0, "x"));
  ctx.output(r, "r");
  EXPECT_EQ(cassette::untag(r), 6.0);
  EXPECT_EQ(labels(g), "x (indirect call)(0) 2 *(1,2) std::function::operator()(0) +(3,4)");
  cassette::Replay again = g.replay({-3.3});
  ASSERT_TRUE(again.ok()) << again.diverged;
  EXPECT_TRUE(same_bits(again.outputs[0].as<double>(), model::library_pointer(-3.3)));
}

TEST(Graph, ACallReplayCannotEvaluateIsReported) {
  // outside::scale, of a library outside --root: a node with its result,
  // which replay cannot compute without a graph_function for it.
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  auto r = cassette::overdub(ctx, CASSETTE_FN_IN(model, outside_call), ctx.input(2.0, "x"));
  ctx.output(r, "r");
  EXPECT_EQ(cassette::untag(r), 4.25);
  EXPECT_EQ(labels(g), "x outside::scale(0) 1 +(1,2)");
  EXPECT_EQ(g.nodes()[1].kind, cassette::GraphNode::Kind::Call);
  EXPECT_EQ(g.nodes()[1].value.as<double>(), 3.25);
  cassette::Replay again = g.replay({8.0});
  EXPECT_FALSE(again.ok());
  EXPECT_EQ(again.node, 1);
  EXPECT_EQ(again.diverged,
            "node 1 calls outside::scale, which replay cannot evaluate (no cassette::graph_function for it)");
}

TEST(Graph, WrongNumberOfInputsThrows) {
  cassette::Graph g;
  cassette::GraphCtx ctx(g);
  ctx.output(cassette::overdub(ctx, CASSETTE_FN_IN(model, poly), ctx.input(2.0, "x")), "poly");
  EXPECT_THROW(g.replay({1.0, 2.0}), std::invalid_argument);
}

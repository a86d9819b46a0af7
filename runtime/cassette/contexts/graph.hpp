// cassette::GraphCtx: the computation graph of a numeric function, extracted
// by running it (Cassette's "graph extraction"). A tagging context: every
// value computed from an input carries the id of the graph node that made it
// as its metadata, through locals, fields, containers and the heap (the
// tagging runtime follows memory). Builtin operators and calls of functions
// without a twin on such values become nodes; a function with a twin is run
// (its operations become nodes). The graph prints as Graphviz dot and can be
// replayed: evaluated again on new inputs without the program, with the
// operand and result types the program used, so its results are the
// program's to the bit as long as every branch goes the way it went when
// the graph was recorded (replay reports the first comparison that would
// go the other way). docs/graph.md.
//
//   cassette::Graph g;
//   cassette::GraphCtx ctx(g);
//   for (std::size_t i = 0; i < x.size(); ++i) ctx.input_in_place(x[i], fmt::format("x{}", i));
//   auto r = cassette::overdub(ctx, CASSETTE_FN(rosenbrock), x);
//   ctx.output(r, "rosenbrock");
//   g.write_dot("rosenbrock.dot");
//   cassette::Replay again = g.replay({1.0, 2.0, 3.0, 4.0});  // again.outputs[0].as<double>()
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cassette/cassette.hpp>
#include <cassette/tagging_runtime.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "fmt.hpp"
#include "output_path.hpp"

namespace cassette {

/// One arithmetic value of any builtin type, as the program had it: the
/// type is kept, so that replay computes in the types the program did.
class Scalar {
 public:
  enum class Kind : std::uint8_t { Bool, Signed, Unsigned, Float, Double, LongDouble };

  Scalar() = default;
  template <class T>
    requires std::is_arithmetic_v<T>
  Scalar(T v) {  // NOLINT: implicit, so that replay({1.0, 2}) reads as a call
    if constexpr (std::is_same_v<T, bool>) set(Kind::Bool, v, sizeof(T));
    else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
      set(Kind::Signed, static_cast<long long>(v), sizeof(T));
    else if constexpr (std::is_integral_v<T>) set(Kind::Unsigned, static_cast<unsigned long long>(v), sizeof(T));
    else if constexpr (std::is_same_v<T, float>) set(Kind::Float, v, sizeof(T));
    else if constexpr (std::is_same_v<T, double>) set(Kind::Double, v, sizeof(T));
    else set(Kind::LongDouble, static_cast<long double>(v), sizeof(T));
  }

  /// The value converted to T, as the program's implicit conversion would.
  template <class T>
    requires std::is_arithmetic_v<T>
  T as() const {
    switch (kind_) {
      case Kind::Bool: return static_cast<T>(b_);
      case Kind::Signed: return static_cast<T>(i_);
      case Kind::Unsigned: return static_cast<T>(u_);
      case Kind::Float: return static_cast<T>(f_);
      case Kind::Double: return static_cast<T>(d_);
      case Kind::LongDouble: return static_cast<T>(ld_);
    }
    return T{};
  }
  Kind kind() const { return kind_; }
  /// The same type and the same bits (NaNs of one payload are identical).
  bool identical(const Scalar& o) const {
    if (kind_ != o.kind_ || size_ != o.size_) return false;
    switch (kind_) {
      case Kind::Bool: return b_ == o.b_;
      case Kind::Signed: return i_ == o.i_;
      case Kind::Unsigned: return u_ == o.u_;
      case Kind::Float: return std::memcmp(&f_, &o.f_, sizeof f_) == 0;
      case Kind::Double: return std::memcmp(&d_, &o.d_, sizeof d_) == 0;
      case Kind::LongDouble: return as<long double>() == o.as<long double>();
    }
    return false;
  }
  /// Shortest text that reads back as the same value (fmt's `{}`).
  std::string text() const {
    switch (kind_) {
      case Kind::Bool: return b_ ? "true" : "false";
      case Kind::Signed: return fmt::format("{}", i_);
      case Kind::Unsigned: return fmt::format("{}", u_);
      case Kind::Float: return fmt::format("{}f", f_);
      case Kind::Double: return fmt::format("{}", d_);
      case Kind::LongDouble: return fmt::format("{}L", ld_);
    }
    return "";
  }

 private:
  template <class V>
  void set(Kind k, V v, unsigned size) {
    kind_ = k;
    size_ = static_cast<std::uint8_t>(size);
    if constexpr (std::is_same_v<V, bool>) b_ = v;
    else if constexpr (std::is_same_v<V, long long>) i_ = v;
    else if constexpr (std::is_same_v<V, unsigned long long>) u_ = v;
    else if constexpr (std::is_same_v<V, float>) f_ = v;
    else if constexpr (std::is_same_v<V, double>) d_ = v;
    else ld_ = v;
  }
  Kind kind_ = Kind::Signed;
  std::uint8_t size_ = sizeof(int);
  union {
    bool b_;
    long long i_ = 0;
    unsigned long long u_;
    float f_;
    double d_;
    long double ld_;
  };
};

/// How a node computes its value from its operands' values, in the types the
/// program used (null: an input, a constant, or a call replay cannot make);
/// `callee`: what a call through a pointer or a std::function called.
using NodeEvaluator = Scalar (*)(const void* callee, const Scalar* operands);

struct GraphNode {
  enum class Kind : std::uint8_t { Input, Constant, Operation, Call };
  Kind kind;
  std::string label;              // the input's name, the constant, "*", "std::sin"
  Scalar value;                   // as recorded
  std::vector<unsigned> operands;  // node indices, in argument order
  NodeEvaluator evaluate = nullptr;
  std::shared_ptr<const void> callee;  // a copy of the pointer or std::function called
  /// A bool result (a comparison, std::isnan): the path the program took may
  /// depend on it, so replay checks it comes out the same.
  bool guard = false;
};

/// What Graph::replay computed.
struct Replay {
  std::vector<Scalar> outputs;  // in the order of GraphCtx::output
  /// Empty when the outputs are what the program would compute on these
  /// inputs; otherwise why they may not be (a guard that came out the other
  /// way: the program would have taken another branch).
  std::string diverged;
  /// The node of `diverged` (a guard, or a call replay cannot evaluate).
  int node = -1;
  bool ok() const { return diverged.empty(); }
};

/// A recorded graph: nodes in the order the program made them (operands
/// always come first), inputs and outputs by node.
class Graph {
 public:
  const std::vector<GraphNode>& nodes() const { return nodes_; }
  const std::vector<unsigned>& inputs() const { return inputs_; }
  const std::vector<std::pair<unsigned, std::string>>& outputs() const { return outputs_; }

  unsigned add(GraphNode n) {
    nodes_.push_back(std::move(n));
    return static_cast<unsigned>(nodes_.size() - 1);
  }
  unsigned input(const Scalar& v, std::string name) {
    unsigned id = add({GraphNode::Kind::Input, std::move(name), v, {}, nullptr, {}, false});
    inputs_.push_back(id);
    return id;
  }
  /// One node per distinct constant (type and bits).
  unsigned constant(const Scalar& v) {
    std::string key = fmt::format("{}:{}", static_cast<int>(v.kind()), v.text());
    auto [it, fresh] = constants_.try_emplace(key, 0u);
    if (fresh) it->second = add({GraphNode::Kind::Constant, v.text(), v, {}, nullptr, {}, false});
    return it->second;
  }
  void output(unsigned node, std::string name) { outputs_.emplace_back(node, std::move(name)); }

  /// Evaluates the graph on new inputs (one per GraphCtx::input, in order,
  /// converted to each input's recorded type). Stops at the first guard that
  /// differs from the recording, or at a call it cannot evaluate.
  Replay replay(const std::vector<Scalar>& in) const {
    if (in.size() != inputs_.size())
      throw std::invalid_argument(
          fmt::format("cassette::Graph::replay: {} inputs given, the graph has {}", in.size(), inputs_.size()));
    std::vector<Scalar> v(nodes_.size());
    Replay r;
    for (unsigned i = 0, k = 0; i < nodes_.size(); ++i) {
      const GraphNode& n = nodes_[i];
      switch (n.kind) {
        case GraphNode::Kind::Input: v[i] = converted(in[k++], n.value.kind()); continue;
        case GraphNode::Kind::Constant: v[i] = n.value; continue;
        default: break;
      }
      if (!n.evaluate) {
        r.node = static_cast<int>(i);
        r.diverged = fmt::format("node {} calls {}, which replay cannot evaluate (no cassette::graph_function for it)",
                                 i, n.label);
        return r;
      }
      std::vector<Scalar> ops;
      ops.reserve(n.operands.size());
      for (unsigned o : n.operands) ops.push_back(v[o]);
      v[i] = n.evaluate(n.callee.get(), ops.data());
      if (n.guard && v[i].as<bool>() != n.value.as<bool>()) {
        r.node = static_cast<int>(i);
        r.diverged = fmt::format(
            "node {} ({}) is {} on these inputs and was {} when recorded: the program would take "
            "another path",
            i, describe(i), v[i].text(), n.value.text());
        return r;
      }
    }
    for (const auto& [node, name] : outputs_) r.outputs.push_back(v[node]);
    return r;
  }
  Replay replay(std::initializer_list<Scalar> in) const { return replay(std::vector<Scalar>(in)); }

  /// Graphviz dot: inputs as boxes, constants as plain text, operations and
  /// calls as ellipses with their recorded value, guards as diamonds,
  /// outputs as double octagons; an edge per operand, labelled with its
  /// position when the operation has more than one.
  std::string dot() const {
    std::string s = "digraph computation {\n  rankdir=TB;\n  node [fontname=\"Helvetica\"];\n";
    for (unsigned i = 0; i < nodes_.size(); ++i) {
      const GraphNode& n = nodes_[i];
      std::string shape = n.kind == GraphNode::Kind::Input      ? "box"
                          : n.kind == GraphNode::Kind::Constant ? "plaintext"
                          : n.guard                             ? "diamond"
                                                                : "ellipse";
      std::string label = n.kind == GraphNode::Kind::Constant ? n.label : n.label + "\\n" + n.value.text();
      s += fmt::format("  n{} [shape={}, label={}];\n", i, shape, dot_quoted(label));
    }
    for (unsigned i = 0; i < nodes_.size(); ++i) {
      const GraphNode& n = nodes_[i];
      for (unsigned k = 0; k < n.operands.size(); ++k) {
        if (n.operands.size() > 1) s += fmt::format("  n{} -> n{} [label=\"{}\"];\n", n.operands[k], i, k);
        else s += fmt::format("  n{} -> n{};\n", n.operands[k], i);
      }
    }
    for (unsigned k = 0; k < outputs_.size(); ++k) {
      s += fmt::format("  out{} [shape=doubleoctagon, label={}];\n", k, dot_quoted(outputs_[k].second));
      s += fmt::format("  n{} -> out{};\n", outputs_[k].first, k);
    }
    return s + "}\n";
  }
  /// The dot text, written atomically. False if it could not be written.
  bool write_dot(const std::string& path) const { return detail::write_atomically(path, dot()); }

  /// "x0 * x0": a node with its operands' labels, for messages.
  std::string describe(unsigned i) const {
    const GraphNode& n = nodes_[i];
    auto name = [&](unsigned o) {
      return nodes_[o].kind == GraphNode::Kind::Operation || nodes_[o].kind == GraphNode::Kind::Call
                 ? fmt::format("n{}", o)
                 : nodes_[o].label;
    };
    if (n.kind == GraphNode::Kind::Operation && n.operands.size() == 2)
      return name(n.operands[0]) + " " + n.label + " " + name(n.operands[1]);
    std::string s = n.label + "(";
    for (unsigned k = 0; k < n.operands.size(); ++k) s += (k ? ", " : "") + name(n.operands[k]);
    return s + ")";
  }

 private:
  static Scalar converted(const Scalar& v, Scalar::Kind to) {
    switch (to) {
      case Scalar::Kind::Bool: return v.as<bool>();
      case Scalar::Kind::Signed: return v.as<long long>();
      case Scalar::Kind::Unsigned: return v.as<unsigned long long>();
      case Scalar::Kind::Float: return v.as<float>();
      case Scalar::Kind::Double: return v.as<double>();
      case Scalar::Kind::LongDouble: return v.as<long double>();
    }
    return v;
  }
  static std::string dot_quoted(std::string_view s) {
    std::string q = "\"";
    for (char c : s) {
      if (c == '"') q += "\\\"";
      else q += c;  // "\n" in labels is dot's own line break
    }
    return q + "\"";
  }

  std::vector<GraphNode> nodes_;
  std::vector<unsigned> inputs_;
  std::vector<std::pair<unsigned, std::string>> outputs_;
  std::map<std::string, unsigned> constants_;
};

/// How replay evaluates a call of F, a function without a twin (or one the
/// graph should show as one node): specialise with a static `call` that
/// takes the arguments as the program passed them. <cmath>'s functions have
/// one below.
///
///   template <> struct cassette::graph_function<cassette::fn<"mylib::smooth">> {
///     static double call(double x) { return mylib::smooth(x); }
///   };
template <class F>
struct graph_function;

template <class F>
concept has_graph_function = requires { sizeof(graph_function<F>); };

#define CASSETTE_GRAPH_CMATH(NAME)           \
  template <>                                \
  struct graph_function<fn<"std::" #NAME>> { \
    template <class... A>                    \
    static auto call(A... a) {               \
      return std::NAME(a...);                \
    }                                        \
  };
CASSETTE_GRAPH_CMATH(sin)
CASSETTE_GRAPH_CMATH(cos)
CASSETTE_GRAPH_CMATH(tan)
CASSETTE_GRAPH_CMATH(asin)
CASSETTE_GRAPH_CMATH(acos)
CASSETTE_GRAPH_CMATH(atan)
CASSETTE_GRAPH_CMATH(atan2)
CASSETTE_GRAPH_CMATH(sinh)
CASSETTE_GRAPH_CMATH(cosh)
CASSETTE_GRAPH_CMATH(tanh)
CASSETTE_GRAPH_CMATH(exp)
CASSETTE_GRAPH_CMATH(exp2)
CASSETTE_GRAPH_CMATH(expm1)
CASSETTE_GRAPH_CMATH(log)
CASSETTE_GRAPH_CMATH(log2)
CASSETTE_GRAPH_CMATH(log10)
CASSETTE_GRAPH_CMATH(log1p)
CASSETTE_GRAPH_CMATH(sqrt)
CASSETTE_GRAPH_CMATH(cbrt)
CASSETTE_GRAPH_CMATH(pow)
CASSETTE_GRAPH_CMATH(hypot)
CASSETTE_GRAPH_CMATH(fabs)
CASSETTE_GRAPH_CMATH(abs)
CASSETTE_GRAPH_CMATH(floor)
CASSETTE_GRAPH_CMATH(ceil)
CASSETTE_GRAPH_CMATH(round)
CASSETTE_GRAPH_CMATH(trunc)
CASSETTE_GRAPH_CMATH(fmod)
CASSETTE_GRAPH_CMATH(fmin)
CASSETTE_GRAPH_CMATH(fmax)
CASSETTE_GRAPH_CMATH(isnan)
CASSETTE_GRAPH_CMATH(isinf)
CASSETTE_GRAPH_CMATH(isfinite)
#undef CASSETTE_GRAPH_CMATH

/// The context. Its metadata, per value, is the id of the node that made it
/// (0: none, a value not computed from an input).
struct GraphCtx : Context<GraphCtx, Graph*> {
  static constexpr hook hook_kinds = hook::execute;
  static constexpr bool tagging_enabled = true;

  GraphCtx() = default;
  explicit GraphCtx(Graph& g) { this->metadata = &g; }
  Graph& graph() const { return *this->metadata; }

  /// An input of the function: the returned value carries its node.
  template <class T>
    requires std::is_arithmetic_v<T>
  auto input(T value, std::string name) {
    return cassette::tag(value, *this, id(graph().input(value, std::move(name))));
  }
  /// An input that lives in memory (an element of a vector the function
  /// reads): that memory's value carries its node.
  template <class T>
    requires std::is_arithmetic_v<T>
  void input_in_place(T& place, std::string name) {
    cassette::tag_in_place(*this, place, id(graph().input(place, std::move(name))));
  }
  /// A result of the function, in the order replay returns them. A value not
  /// computed from any input is a constant.
  template <class X>
  void output(const X& x, std::string name) {
    graph().output(node_of(x), std::move(name));
  }
  template <class T>
    requires std::is_arithmetic_v<T>
  void output_in_place(const T& place, std::string name) {
    std::uint32_t m = cassette::metadata_in_place(*this, place).value_or(0);
    graph().output(m ? m - 1 : graph().constant(place), std::move(name));
  }

  /// The node of a value as an operand: its own, or a constant's.
  template <class X>
  unsigned node_of(const X& x) {
    std::uint32_t m = cassette::metadata_or_default<std::uint32_t>(x, *this);
    return m ? m - 1 : graph().constant(cassette::untag(x));
  }
  static std::uint32_t id(unsigned node) { return node + 1; }
};

namespace detail::graph {

template <class X>
inline constexpr bool carries = istaggedtype_v<std::remove_cvref_t<X>, GraphCtx>;
template <class X>
inline constexpr bool arithmetic = std::is_arithmetic_v<untagtype_t<X>>;

template <class Op>
concept value_op = requires { typename Op::is_operation; } && !compound_op<Op>::is_compound &&
                   !std::is_same_v<Op, op::deref> && !std::is_same_v<Op, op::subscript>;

// Replay of a builtin operation: the operands converted to the types the
// program's operands had, then the operation.
template <class Op, class... A>
Scalar evaluate_op(const void*, const Scalar* in) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return Scalar(Op{}(in[I].template as<A>()...));
  }(std::index_sequence_for<A...>{});
}
template <class F, class... A>
Scalar evaluate_call(const void*, const Scalar* in) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return Scalar(graph_function<F>::call(in[I].template as<A>()...));
  }(std::index_sequence_for<A...>{});
}

// The result, tagged with a new node whose operands are the arguments'.
// Replay of a call through a pointer to a function or a std::function: the
// same callee (a copy kept in the node).
template <class P, class... A>
Scalar evaluate_callee(const void* callee, const Scalar* in) {
  const P& f = *static_cast<const P*>(callee);
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return Scalar(f(in[I].template as<A>()...));
  }(std::index_sequence_for<A...>{});
}

template <class T>
inline constexpr bool is_std_function = false;
template <class Sig>
inline constexpr bool is_std_function<std::function<Sig>> = true;

// A call whose first argument is what it calls: through a pointer to a
// function (cassette::indirect), or a std::function's operator().
template <class F, class P>
concept callee_first =
    (std::is_same_v<F, indirect> && std::is_pointer_v<P> && std::is_function_v<std::remove_pointer_t<P>>) ||
    (std::is_same_v<F, fn<"std::function::operator()">> && is_std_function<P>);

template <class R, class... A>
value_t<GraphCtx, R> record(GraphCtx& c, GraphNode::Kind kind, std::string label, R r, NodeEvaluator eval,
                            std::shared_ptr<const void> callee, const A&... a) {
  // Tagged values need not carry a node (a twin's locals are tagged types
  // whatever they hold): an operation on constants only is a constant.
  if (!c.metadata || !(cassette::hasmetadata(a, c) || ...)) return value_t<GraphCtx, R>(r);
  GraphNode n{kind, std::move(label), Scalar(r), {c.node_of(a)...}, eval, std::move(callee), std::is_same_v<R, bool>};
  return value_t<GraphCtx, R>(cassette::tag(r, c, GraphCtx::id(c.graph().add(std::move(n)))));
}

}  // namespace detail::graph

/// Every builtin operation on arithmetic values one of which comes from an
/// input: a node.
template <detail::graph::value_op Op, class... A>
  requires((detail::graph::carries<A> || ...) && (detail::graph::arithmetic<A> && ...) &&
           std::is_arithmetic_v<decltype(Op{}(std::declval<untagtype_t<A>>()...))>)
auto execute(GraphCtx& c, Op op, const A&... a) {
  auto r = op(cassette::untag(a)...);
  return detail::graph::record(c, GraphNode::Kind::Operation, std::string(Op::name()), r,
                               &detail::graph::evaluate_op<Op, untagtype_t<A>...>, {}, a...);
}

namespace detail::graph {
// Whether every From converts to To and back unchanged: such a conversion
// is no node (replay converts operands to the types their users had).
template <class From, class To>
inline constexpr bool exact_conversion =
    std::is_same_v<From, bool> ||
    (std::is_floating_point_v<From> && std::is_floating_point_v<To> &&
     std::numeric_limits<To>::digits >= std::numeric_limits<From>::digits &&
     std::numeric_limits<To>::max_exponent >= std::numeric_limits<From>::max_exponent) ||
    (std::is_integral_v<From> && std::is_floating_point_v<To> &&
     std::numeric_limits<To>::digits >= std::numeric_limits<From>::digits) ||
    (std::is_integral_v<From> && std::is_integral_v<To> && !std::is_same_v<To, bool> &&
     std::is_signed_v<From> == std::is_signed_v<To> && sizeof(To) >= sizeof(From)) ||
    (std::is_integral_v<From> && std::is_integral_v<To> && !std::is_same_v<To, bool> && std::is_unsigned_v<From> &&
     std::is_signed_v<To> && sizeof(To) > sizeof(From));
}  // namespace detail::graph

/// A conversion that can change a value (double to int, double to float): a
/// node, labelled with the type converted to.
template <class To, class A>
  requires(detail::graph::carries<A> && detail::graph::arithmetic<A> && std::is_arithmetic_v<To>)
value_t<GraphCtx, To> execute(GraphCtx& c, op::convert<To> op, const A& a) {
  if constexpr (detail::graph::exact_conversion<untagtype_t<A>, To>) return value_t<GraphCtx, To>(a);
  else
    return detail::graph::record(c, GraphNode::Kind::Operation, std::string(op.name()), op(cassette::untag(a)),
                                 &detail::graph::evaluate_op<op::convert<To>, untagtype_t<A>>, {}, a);
}

/// A call on arithmetic values one of which comes from an input, returning
/// one: a function with a twin runs (its operations are nodes), unless
/// graph_function names it; any other is one node, which replay evaluates
/// through graph_function (or cannot: then it says so).
template <class F, class S, class... A>
  requires(!requires { typename F::is_operation; } && (detail::graph::carries<A> || ...) &&
           (detail::graph::arithmetic<A> && ...) &&
           std::is_arithmetic_v<std::remove_cvref_t<decltype(std::declval<Call<F, S>&>().fallback())>>)
auto execute(GraphCtx& c, Call<F, S>& call, A&... a) {
  using R = std::remove_cvref_t<decltype(call.fallback())>;
  using Result = value_t<GraphCtx, R>;
  NodeEvaluator eval = nullptr;
  if constexpr (has_graph_function<F>) eval = &detail::graph::evaluate_call<F, untagtype_t<A>...>;
  else if (call.canrecurse()) return static_cast<Result>(call.recurse(c));
  R r = call.fallback();
  return detail::graph::record(c, GraphNode::Kind::Call, std::string(cassette::name(call.callee())), r, eval, {}, a...);
}

/// The same through a pointer to a function or a std::function: a target
/// with a twin runs, any other is one node, which replay evaluates by
/// calling the same target.
template <class F, class S, class P, class... A>
  requires(detail::graph::callee_first<F, std::remove_cvref_t<P>> && (detail::graph::carries<A> || ...) &&
           (detail::graph::arithmetic<A> && ...) &&
           std::is_arithmetic_v<std::remove_cvref_t<decltype(std::declval<Call<F, S>&>().fallback())>>)
auto execute(GraphCtx& c, Call<F, S>& call, P& target, A&... a) {
  using R = std::remove_cvref_t<decltype(call.fallback())>;
  using Callee = std::remove_cvref_t<P>;
  if (call.canrecurse()) return static_cast<value_t<GraphCtx, R>>(call.recurse(c));
  R r = call.fallback();
  return detail::graph::record(c, GraphNode::Kind::Call, std::string(cassette::name(call.callee())), r,
                               &detail::graph::evaluate_callee<Callee, untagtype_t<A>...>,
                               std::make_shared<const Callee>(target), a...);
}

}  // namespace cassette

template <class T>
  requires std::is_arithmetic_v<T>
struct cassette::metadatatype<cassette::GraphCtx, T> {
  using type = std::uint32_t;
  static constexpr bool default_means_none = true;  // 0: no node
};
#pragma GCC visibility pop

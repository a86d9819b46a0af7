// cassette::rt::call_op_product and call_op_sum (runtime/cassette/rt/call.hpp),
// as the rewriter emits them for `a * b + c` (golden fp_contraction_product): under a
// context without hooks the product reaches the addition unmultiplied, which
// computes the original's expression in one piece; under a context with
// hooks it is the multiplication, seen by the hooks.
#include <gtest/gtest.h>

#include <cassette/cassette.hpp>
#include <cassette/rt/call.hpp>
#include <string>
#include <type_traits>

namespace {

struct Quiet : cassette::Context<Quiet> {
  static constexpr bool hooks_enabled = false;
};
struct Seen : cassette::Context<Seen> {
  std::string log;
};
template <class Op, class... A>
void prehook(Seen& c, const Op& op, const A&...) {
  c.log += std::string(cassette::name(op)) + ";";
}

TEST(ContractedProduct, HeldUnmultipliedUnderAContextWithoutHooks) {
  Quiet q;
  cassette::Twin<Quiet> t(q);
  double a = 1.5, b = 3.0, c = 0.25;
  static_assert(std::is_same_v<decltype(cassette::rt::call_op_product(t, a, b)), cassette::rt::product<double>>);
  EXPECT_EQ(cassette::rt::call_op_sum(t, cassette::op::add{}, cassette::rt::call_op_product(t, a, b), c), a * b + c);
  EXPECT_EQ(cassette::rt::call_op_sum(t, cassette::op::sub{}, c, cassette::rt::call_op_product(t, a, b)), c - a * b);
  double s = 1.0;
  double& r = cassette::rt::call_op_sum(t, cassette::op::add_assign{}, s, cassette::rt::call_op_product(t, a, b));
  EXPECT_EQ(&r, &s);
  EXPECT_EQ(s, 1.0 + a * b);
  // The operands convert as the multiplication converts them.
  int two = 2;
  static_assert(std::is_same_v<decltype(cassette::rt::call_op_product(t, two, a)), cassette::rt::product<double>>);
  EXPECT_EQ(cassette::rt::call_op_sum(t, cassette::op::add{}, cassette::rt::call_op_product(t, two, a), c), 2 * a + c);
}

// `a[i()] += x * y`: the operands come right first (C++17's order for an
// assignment), the product still held whole for the addition.
TEST(ContractedProduct, RightFirstCompoundAssignmentTakesTheProduct) {
  Quiet q;
  cassette::Twin<Quiet> t(q);
  double a = 1.5, b = 3.0, s = 1.0;
  double& r = cassette::rt::call_op_sum(t, cassette::op::sub_assign{},
                                        cassette::rt::right_first{cassette::rt::call_op_product(t, a, b), s});
  EXPECT_EQ(&r, &s);
  EXPECT_EQ(s, 1.0 - a * b);
  Seen h;
  cassette::Twin<Seen> th(h);
  double u = 1.0;
  cassette::rt::call_op_sum(th, cassette::op::add_assign{},
                            cassette::rt::right_first{cassette::rt::call_op_product(th, a, b), u});
  EXPECT_EQ(u, 1.0 + a * b);
  EXPECT_EQ(h.log, "*;+=;");
}

TEST(ContractedProduct, TheMultiplicationUnderAContextWithHooks) {
  Seen h;
  cassette::Twin<Seen> t(h);
  double a = 1.5, b = 3.0, c = 0.25;
  static_assert(std::is_same_v<decltype(cassette::rt::call_op_product(t, a, b)), double>);
  EXPECT_EQ(cassette::rt::call_op_sum(t, cassette::op::add{}, cassette::rt::call_op_product(t, a, b), c), a * b + c);
  EXPECT_EQ(h.log, "*;+;");
}

}  // namespace

// EditSet: edits nest (a rewritten call renders its rewritten arguments),
// wraps of one range nest with the first added outermost, and flatten gives
// the outermost edits that render() applies.
#include "EditSet.h"

#include <gtest/gtest.h>

using cassette::rewrite::ByteRange;
using cassette::rewrite::EditSet;
using cassette::rewrite::FlatEdit;

namespace {
// Offsets into "f(g(x), y);"
constexpr const char* Source = "f(g(x), y);";
constexpr ByteRange WholeCall{0, 10}, InnerCall{2, 6}, X{4, 5}, Y{8, 9}, All{0, 11};
}  // namespace

TEST(EditSet, UneditedTextRendersAsWritten) {
  EditSet E(Source);
  EXPECT_TRUE(E.empty());
  EXPECT_EQ(E.render(All), Source);
}

TEST(EditSet, ReplacementAndInsertion) {
  EditSet E(Source);
  E.add(Y, [] { return std::string("z"); });
  E.add(ByteRange{0, 0}, [] { return std::string("/*a*/"); });
  EXPECT_EQ(E.render(All), "/*a*/f(g(x), z);");
}

TEST(EditSet, AnOuterEditRendersTheEditsInsideIt) {
  EditSet E(Source);
  // The outer call's text is made at render time from its argument's render.
  E.add(WholeCall, [&E] { return "call(" + E.render(InnerCall) + ", " + E.render(Y) + ")"; });
  E.add(InnerCall, [&E] { return "call(" + E.render(X) + ")"; });
  E.add(X, [] { return std::string("load(x)"); });
  EXPECT_EQ(E.render(All), "call(call(load(x)), y);");
  EXPECT_EQ(E.render(InnerCall), "call(load(x))");
}

TEST(EditSet, WrapsOfOneRangeNestFirstAddedOutermost) {
  EditSet E(Source);
  E.wrap(X, "outer(", ")");
  E.wrap(X, "inner(", ")");
  E.add(X, [] { return std::string("x2"); });
  EXPECT_EQ(E.render(All), "f(g(outer(inner(x2))), y);");
}

TEST(EditSet, WrapAroundEditsInside) {
  EditSet E(Source);
  E.wrap(InnerCall, "(", ")");
  E.add(X, [] { return std::string("1"); });
  EXPECT_EQ(E.render(All), "f((g(1)), y);");
}

TEST(EditSet, FlattenGivesTheOutermostEditsThatRenderApplies) {
  EditSet E(Source);
  E.add(InnerCall, [&E] { return "h(" + E.render(X) + ")"; });
  E.add(X, [] { return std::string("w"); });
  E.add(Y, [] { return std::string("v"); });
  std::vector<FlatEdit> Flat = E.flatten(All);
  ASSERT_EQ(Flat.size(), 2u);
  EXPECT_EQ(Flat[0], (FlatEdit{InnerCall, "h(w)"}));
  EXPECT_EQ(Flat[1], (FlatEdit{Y, "v"}));
  EXPECT_EQ(cassette::rewrite::applyEdits(Source, All, Flat), E.render(All));
}

TEST(EditSet, MakersRunAtRenderTime) {
  EditSet E(Source);
  std::string Late = "before";
  E.add(Y, [&Late] { return Late; });
  Late = "after";
  EXPECT_EQ(E.render(All), "f(g(x), after);");
}

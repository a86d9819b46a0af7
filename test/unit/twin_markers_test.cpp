// Markers: a call whose twin may be defined in another unit carries both
// texts until the run knows which keys are defined; markers nest.
#include "TwinMarkers.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

using namespace cassette::rewrite;

namespace {
std::string resolveWith(const std::string& Text, const std::set<std::string>& Defined,
                        std::vector<std::string>* Missing = nullptr) {
  return resolveTwinMarkers(
      Text, [&](const std::string& K) { return Defined.count(markerDefinitionKey(K)) > 0; },
      [&](const std::string& K) {
        if (Missing) Missing->push_back(markerName(K));
      });
}
}  // namespace

TEST(TwinMarkers, KeyKeepsDefinitionKeyAndName) {
  std::string K = markerKey("c:@F@f#I#", "ns::f");
  EXPECT_EQ(markerDefinitionKey(K), "c:@F@f#I#");
  EXPECT_EQ(markerName(K), "ns::f");
}

TEST(TwinMarkers, TextWithoutMarkersIsUnchanged) { EXPECT_EQ(resolveWith("f(x);", {}), "f(x);"); }

TEST(TwinMarkers, DefinedKeyTakesTheTwin) {
  std::string T = "a " + twinIfDefined(markerKey("F", "f"), "twin", "orig") + " b";
  std::vector<std::string> Missing;
  EXPECT_EQ(resolveWith(T, {"F"}, &Missing), "a twin b");
  EXPECT_TRUE(Missing.empty());
}

TEST(TwinMarkers, MissingKeyTakesTheOriginalAndIsReported) {
  std::string T = twinIfDefined(markerKey("F", "f"), "twin", "orig");
  std::vector<std::string> Missing;
  EXPECT_EQ(resolveWith(T, {}, &Missing), "orig");
  EXPECT_EQ(Missing, std::vector<std::string>{"f"});
}

TEST(TwinMarkers, MarkersNestInsideBothAlternatives) {
  // g(f(x)): f's marker is inside both of g's alternatives.
  std::string F = twinIfDefined(markerKey("F", "f"), "tf(x)", "f(x)");
  std::string T = twinIfDefined(markerKey("G", "g"), "tg(" + F + ")", "g(" + F + ")");
  EXPECT_EQ(resolveWith(T, {"F", "G"}), "tg(tf(x))");
  EXPECT_EQ(resolveWith(T, {"F"}), "g(tf(x))");
  std::vector<std::string> Missing;
  EXPECT_EQ(resolveWith(T, {"G"}, &Missing), "tg(f(x))");
  EXPECT_EQ(Missing, std::vector<std::string>{"f"});
}

TEST(TwinMarkers, EmptyAlternatives) {
  std::string T = "(" + twinIfDefined(markerKey("F", "f"), "slot, ", "") + "x)";
  EXPECT_EQ(resolveWith(T, {"F"}), "(slot, x)");
  EXPECT_EQ(resolveWith(T, {}), "(x)");
}

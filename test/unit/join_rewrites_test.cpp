// joinRewrites (lib/JoinRewrites.h): one text for a file that several units
// (or one unit's several commands) rewrote, each under its own macros.
#include <gtest/gtest.h>

#include "JoinRewrites.h"

namespace {

using cassette::rewrite::ByteRange;
using cassette::rewrite::FileOutput;
using cassette::rewrite::FlatEdit;
using cassette::rewrite::joinRewrites;

FileOutput rewrite(const std::string& Original, std::vector<FlatEdit> Edits, std::vector<ByteRange> Skipped = {}) {
  FileOutput Out;
  Out.Original = Original;
  Out.Edits = std::move(Edits);
  Out.Skipped = std::move(Skipped);
  Out.Text = cassette::rewrite::applyEdits(Original, {0, static_cast<unsigned>(Original.size())}, Out.Edits);
  return Out;
}

std::optional<std::string> byKey(size_t Key) { return "U" + std::to_string(Key); }

unsigned offsetOf(const std::string& Text, const std::string& Piece) {
  return static_cast<unsigned>(Text.find(Piece));
}

// One function written twice, under #ifdef and #else: each unit declares
// the same twin, each in the branch it reads. Neither edit is in code the
// other unit reads, so both go in as they are, under no condition.
TEST(JoinRewrites, EditsInCodeAnotherUnitSkipsAreJoinedAsTheyAre) {
  std::string Text = "#ifdef A\nint f() { return 1; }\n#else\nint f() { return 2; }\n#endif\n";
  unsigned First = offsetOf(Text, "int f"), Else = offsetOf(Text, "#else"), Second = offsetOf(Text, "int f() { return 2");
  unsigned End = static_cast<unsigned>(Text.size()) - 1;
  FlatEdit InIfdef{{First, First}, "/*twin f*/ "}, InElse{{Second, Second}, "/*twin f*/ "};
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {InIfdef}, {{Else, End}})},
                                      {1, rewrite(Text, {InElse}, {{0, Else + 5}})}};
  std::set<size_t> Conditioned;
  EXPECT_EQ(joinRewrites(ByUnit, nullptr, byKey, &Conditioned),
            "#ifdef A\n/*twin f*/ int f() { return 1; }\n#else\n/*twin f*/ int f() { return 2; }\n#endif\n");
  EXPECT_TRUE(Conditioned.empty());
}

// Both units read the function; one writes its twin's declaration before an
// attribute macro (non-empty under its macros), the other after it (the
// macro is empty there). Each edit alone is no collision, but together they
// declare the twin twice: each goes under its unit's condition (both at a
// line's start, on lines of their own).
// One text, the same insertion placed at one offset by unit 0 and at
// another by unit 1.
std::optional<std::string> joinPlacedApart(const std::string& Text, unsigned Mine, unsigned Theirs,
                                           std::set<size_t>& Conditioned) {
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {{{Mine, Mine}, "/*decl*/ "}})},
                                      {1, rewrite(Text, {{{Theirs, Theirs}, "/*decl*/ "}})}};
  return joinRewrites(ByUnit, nullptr, byKey, &Conditioned);
}

TEST(JoinRewrites, AnEditOneUnitMakesInCodeBothReadGoesUnderItsCondition) {
  std::string Text = "ATTR\nstatic int f() { return 1; }\nint g();\n";
  std::set<size_t> Conditioned;
  EXPECT_EQ(joinPlacedApart(Text, 0, offsetOf(Text, "static"), Conditioned),
            "#if U1\n#line 1\n#else\n#line 1\n/*decl*/ \n#endif\n#line 1\nATTR\n"
            "#if U1\n#line 2\n/*decl*/ \n#else\n#line 2\n#endif\n#line 2\nstatic int f() { return 1; }\nint g();\n");
  EXPECT_EQ(Conditioned, std::set<size_t>{1});
}

// The same edits in the middle of lines: the lines they are on, and every
// line between, go once per unit.
TEST(JoinRewrites, EditsInsideLinesTakeTheirWholeLinesUnderConditions) {
  std::string Text = "int x; ATTR\nstatic int f() { return 1; }\nint g();\n";
  std::set<size_t> Conditioned;
  EXPECT_EQ(joinPlacedApart(Text, offsetOf(Text, "ATTR"), offsetOf(Text, "int f"), Conditioned),
            "#if U1\n#line 1\nint x; ATTR\nstatic /*decl*/ int f() { return 1; }\n"
            "#else\n#line 1\nint x; /*decl*/ ATTR\nstatic int f() { return 1; }\n#endif\n#line 3\nint g();\n");
  EXPECT_EQ(Conditioned, std::set<size_t>{1});
}

// The units differ on a line that a block comment begins before (cJSON.c's
// licence; the file is a unit that tests include): the conditional lines
// take in the whole comment, so that #else and #endif are directives, not
// text inside it.
TEST(JoinRewrites, AConditionalZoneDoesNotEndInsideAComment) {
  std::string Text = "int g(); /* licence\n   more */ int f();\nint h();\n";
  unsigned F = offsetOf(Text, "int f");
  FlatEdit Mine{{F, F}, "/*mine*/ "}, Theirs{{F, F}, "/*theirs*/ "};
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Mine})}, {1, rewrite(Text, {Theirs})}};
  EXPECT_EQ(joinRewrites(ByUnit, nullptr, byKey, nullptr),
            "#if U1\n#line 1\nint g(); /* licence\n   more */ /*theirs*/ int f();\n"
            "#else\n#line 1\nint g(); /* licence\n   more */ /*mine*/ int f();\n#endif\n#line 3\nint h();\n");
}

// The units insert different prologues before the file's first line, an
// #if that its last line closes (doctest's parts/doctest.cpp, a unit of its
// own and included by test sources): the insertions go under conditions on
// lines of their own, that line outside them, where it balances.
TEST(JoinRewrites, InsertionsBeforeALineGoUnderConditionsWithoutIt) {
  std::string Text = "#if A\nint f();\n#endif\n";
  FlatEdit Mine{{0, 0}, "/*mine*/\n"}, Theirs{{0, 0}, "/*theirs*/\n"};
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Mine})}, {1, rewrite(Text, {Theirs})}};
  EXPECT_EQ(joinRewrites(ByUnit, nullptr, byKey, nullptr),
            "#if U1\n#line 1\n/*theirs*/\n#else\n#line 1\n/*mine*/\n#endif\n#line 1\n#if A\nint f();\n#endif\n");
}

// One unit gives f a twin and forwards f's entry to it; the other reads f
// and gives it none (a macro in it takes __COUNTER__ under that unit's
// macros only). The forward and the twin are not what the other knows
// less, as a twin's declaration would be: the forward names a twin the
// other lacks, whose copy of the body would take other numbers there. Both
// go under their unit's condition.
TEST(JoinRewrites, EditsOfAFunctionAnotherUnitGivesNoTwinGoUnderConditions) {
  std::string Text = "void f() {\n  LOCK();\n}\nint g();\n";
  unsigned Open = offsetOf(Text, "{") + 1, After = offsetOf(Text, "int g");
  FlatEdit Forward{{Open, Open}, " /*forward*/"}, Twin{{After, After}, "/*twin f*/\n"};
  FileOutput Declining = rewrite(Text, {});
  Declining.Declined = {{Open - 1, After}};  // the body through its last line's end
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Forward, Twin})}, {1, std::move(Declining)}};
  std::set<size_t> Conditioned;
  EXPECT_EQ(joinRewrites(ByUnit, nullptr, byKey, &Conditioned),
            "#if U1\n#line 1\nvoid f() {\n#else\n#line 1\nvoid f() { /*forward*/\n#endif\n#line 2\n  LOCK();\n}\n"
            "#if U1\n#line 4\n#else\n#line 4\n/*twin f*/\n#endif\n#line 4\nint g();\n");
  EXPECT_EQ(Conditioned, std::set<size_t>{1});
}

// conv.h declares a template that only the unit including its definition
// (conv-inl.h) sees defined: that unit declares the twin there, the other
// does not know to. The declaration serves both, and goes in as it is.
TEST(JoinRewrites, AnEditOnlyOneUnitKnowsToMakeServesBoth) {
  std::string Text = "template <class T> T half(T x);\ntemplate <class T> T apply(T x) { return half(x); }\n";
  unsigned Apply = offsetOf(Text, "template <class T> T apply");
  FlatEdit Declared{{0, 0}, "/*twin half*/\n"}, Twin{{Apply, Apply}, "/*twin apply*/\n"};
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Twin})}, {1, rewrite(Text, {Declared, Twin})}};
  std::set<size_t> Conditioned;
  std::optional<std::string> Joined = joinRewrites(ByUnit, nullptr, byKey, &Conditioned);
  ASSERT_TRUE(Joined);
  EXPECT_NE(Joined->find("/*twin half*/\n"), std::string::npos) << *Joined;
  EXPECT_EQ(Joined->find("#if"), std::string::npos) << *Joined;
}

// A main file's end holds its anchors, which name the functions its
// command defines: one command (doctest's test sources built with
// DOCTEST_CONFIG_DISABLE) defines none and adds nothing there. The other's
// anchors go under that other's condition, not to every command as an edit
// only one unit knows to make would (the twin, which names nothing the
// other lacks, goes to both).
TEST(JoinRewrites, AMainFilesEndGoesUnderConditionsWhenCommandsDiffer) {
  std::string Text = "void t16() {}\n";
  unsigned End = static_cast<unsigned>(Text.size());
  FlatEdit Twin{{End - 1, End - 1}, "/*twin t16*/"}, Anchor{{End, End}, "/*anchor &t16*/\n"};
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Twin, Anchor})}, {1, rewrite(Text, {})}};
  std::set<size_t> Conditioned;
  std::optional<std::string> Joined = joinRewrites(ByUnit, nullptr, byKey, &Conditioned);
  ASSERT_TRUE(Joined);
  EXPECT_EQ(*Joined, "void t16() {}/*twin t16*/\n#if U1\n#line 2\n#else\n#line 2\n/*anchor &t16*/\n#endif\n#line 2\n");
  EXPECT_EQ(Conditioned, std::set<size_t>{1});
}

// The same, with no condition that tells the units apart: no text serves
// both, so the join fails and names them.
TEST(JoinRewrites, WithoutAConditionUnitsThatReadCodeOtherwiseConflict) {
  std::string Text = "ATTR\nstatic int f() { return 1; }\n";
  unsigned F = offsetOf(Text, "static");
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {{{0, 0}, "/*decl*/ "}})},
                                      {1, rewrite(Text, {{{F, F}, "/*decl*/ "}})}};
  std::pair<size_t, size_t> Conflict;
  EXPECT_EQ(joinRewrites(ByUnit, &Conflict), std::nullopt);
  EXPECT_EQ(Conflict, (std::pair<size_t, size_t>{0, 1}));
}

// Units that resolve one call to overloads declared in different places
// make the same edit but for those places: it is joined without them.
TEST(JoinRewrites, EditsThatDifferOnlyInCalleePlacesAreOneEdit) {
  std::string Text = "real_t r = sqrt(x);\n";
  unsigned Call = offsetOf(Text, "sqrt"), End = offsetOf(Text, ";");
  auto Site = [&](const char* Line) {
    return FlatEdit{{Call, End}, std::string("call(::cassette::fn<\"std::sqrt\">(\"cmath\", ") + Line + ", 3), x)"};
  };
  std::map<size_t, FileOutput> ByUnit{{0, rewrite(Text, {Site("463")})}, {1, rewrite(Text, {Site("470")})}};
  std::set<size_t> Conditioned;
  EXPECT_EQ(joinRewrites(ByUnit, nullptr, byKey, &Conditioned), "real_t r = call(::cassette::fn<\"std::sqrt\">(), x);\n");
  EXPECT_TRUE(Conditioned.empty());
}

}  // namespace

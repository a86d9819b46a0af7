// withBranches and writtenLines (lib/MacroExpansion.h): a macro use that
// units or commands expand differently, written once per text under its
// condition, and the lines of the file as written that such a text shows.
#include <gtest/gtest.h>

#include "MacroExpansion.h"

using cassette::rewrite::ExpandedUse;
using cassette::rewrite::SplitUse;
using cassette::rewrite::withBranches;
using cassette::rewrite::writtenLine;
using cassette::rewrite::writtenLines;

namespace {
// Text with its one use of Macro, spelled Length bytes from where Macro's
// name begins, expanded to Expansion by Key only.
std::string oneUseBranches(const std::string& Text, const std::string& Macro, unsigned Length,
                           const std::string& Expansion, size_t Key) {
  unsigned Begin = static_cast<unsigned>(Text.find(Macro));
  ExpandedUse Mine{Begin, Begin + Length, Expansion, Macro, {}, false};
  return withBranches(Text, {}, {SplitUse{Begin, Begin + Length, {{Key, Mine}}}}, std::less<size_t>(),
                      [](size_t K) { return "KEY == " + std::to_string(K); });
}
// The use `TEST(t)` on line 2 of Text, expanded by key 0 only.
const std::string Text = "int a;\nTEST(t) {\n  body();\n}\n";
std::string testBranches() { return oneUseBranches(Text, "TEST", 7, "void t()", 0); }
}  // namespace

TEST(MacroBranches, WhatFollowsTheUseOnItsLineStaysOutOfTheBranches) {
  // The body's `{` after the branches, at its column, on its line: a twin
  // copies the body from it, and a copy that began in a branch would hold
  // its #else and #endif without the #if.
  EXPECT_EQ(testBranches(),
            "int a;\n"
            "#if KEY == 0\n#line 2\nvoid t()\n"
            "#else\n#line 2\nTEST(t)\n"
            "#endif\n#line 2\n"
            "        {\n  body();\n}\n");
}

TEST(MacroBranches, ALineThatClosesWhatItOpensStaysWholeInTheBranches) {
  // A function whose body the line holds: each branch holds all of it.
  std::string Out = oneUseBranches("int f(int x) { return CALL(x); }\n", "CALL", 7, "g(x)", 0);
  EXPECT_EQ(Out,
            "#if KEY == 0\n#line 1\nint f(int x) { return g(x); }\n"
            "#else\n#line 1\nint f(int x) { return CALL(x); }\n#endif\n#line 2\n");
}

TEST(MacroBranches, AUseThatEndsItsLineTakesTheWholeLine) {
  std::string Out = oneUseBranches("int a;\n  DECLARE(x)\nint b;\n", "DECLARE", 10, "int x;", 1);
  EXPECT_EQ(Out, "int a;\n#if KEY == 1\n#line 2\n  int x;\n#else\n#line 2\n  DECLARE(x)\n#endif\n#line 3\nint b;\n");
}

TEST(MacroBranches, WrittenLinesReadTheBranchesLineDirectives) {
  std::string Out = testBranches();
  std::vector<unsigned> Lines = writtenLines(Out);
  // Every line after the branches says its line as written: `{` is line 2.
  size_t Brace = 1 + static_cast<size_t>(std::count(Out.begin(), Out.begin() + Out.find("        {"), '\n'));
  EXPECT_EQ(writtenLine(Lines, static_cast<unsigned>(Brace)), 2u);
  EXPECT_EQ(writtenLine(Lines, static_cast<unsigned>(Brace + 1)), 3u);
  // A text without #line directives: each line is itself.
  EXPECT_TRUE(writtenLines(Text).empty());
  EXPECT_EQ(writtenLine({}, 7), 7u);
}

TEST(MacroBranches, ALineDirectiveNamingAFileIsTheProgramsOwn) {
  std::vector<unsigned> Lines = writtenLines("a\n#line 10 \"gen.y\"\nb\n#line 20\nc\n");
  EXPECT_EQ(writtenLine(Lines, 3), 3u);   // b: the generated file's own line
  EXPECT_EQ(writtenLine(Lines, 5), 20u);  // c: after a bare #line
}

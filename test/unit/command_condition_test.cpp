// commandCondition (lib/JoinRewrites.h): the preprocessor test that tells one
// of a unit's commands from the others by the macros they define.
#include <gtest/gtest.h>

#include "JoinRewrites.h"

using cassette::rewrite::commandCondition;
using Macros = std::vector<std::pair<std::string, bool>>;  // -D text, and whether -U

TEST(CommandCondition, AMacroOneCommandDefines) {
  std::vector<Macros> Commands{{{"GFLAGS_IS_A_DLL=0", false}},
                               {{"GFLAGS_IS_A_DLL=0", false}, {"NO_THREADS", false}}};
  EXPECT_EQ(commandCondition(Commands, 0), "!defined(CASSETTE_COMMAND_DEFINED_NO_THREADS)");
  EXPECT_EQ(commandCondition(Commands, 1), "defined(CASSETTE_COMMAND_DEFINED_NO_THREADS)");
}

TEST(CommandCondition, IntegerValuesAndUndefines) {
  std::vector<Macros> Commands{{{"LEVEL=1", false}}, {{"LEVEL=2", false}}, {{"LEVEL=1", false}, {"LEVEL", true}}};
  EXPECT_EQ(commandCondition(Commands, 0), "(LEVEL == 1) && defined(CASSETTE_COMMAND_DEFINED_LEVEL)");
  EXPECT_EQ(commandCondition(Commands, 1), "(LEVEL == 2) && defined(CASSETTE_COMMAND_DEFINED_LEVEL)");
  EXPECT_EQ(commandCondition(Commands, 2), "!defined(CASSETTE_COMMAND_DEFINED_LEVEL)");
}

TEST(CommandCondition, NothingThePreprocessorSees) {
  // The same macros (other flags differ: -O2, -fPIC), or string values no
  // #if can compare, and the unit's own marker, which every command shares.
  std::vector<Macros> Same{{{"A", false}}, {{"A", false}}};
  EXPECT_EQ(commandCondition(Same, 0), std::nullopt);
  std::vector<Macros> Strings{{{"NAME=\"a\"", false}, {"CASSETTE_UNIT=0x1", false}},
                              {{"NAME=\"b\"", false}, {"CASSETTE_UNIT=0x1", false}}};
  EXPECT_EQ(commandCondition(Strings, 1), std::nullopt);
  EXPECT_EQ(commandCondition(Same, 2), std::nullopt);
}

TEST(CommandCondition, TakenAtTheTopOfTheMainFile) {
  // qhull's global.c, built with -Dqh_QHpointer and without, includes user.h,
  // which defines qh_QHpointer 0 where the command did not: the main file's
  // marker notes, before any header, which macros its command defined.
  std::vector<Macros> Commands{{{"libqhull_EXPORTS", false}}, {{"qh_QHpointer", false}, {"qhull_p_EXPORTS", false}}};
  std::string Marker = cassette::rewrite::unitMarker("src/libqhull/global.c", Commands);
  EXPECT_NE(Marker.find("#ifdef qh_QHpointer\n#define CASSETTE_COMMAND_DEFINED_qh_QHpointer\n#endif\n"),
            std::string::npos);
  EXPECT_NE(Marker.find("#ifndef CASSETTE_COMMAND_MACROS\n"), std::string::npos);
  EXPECT_EQ(cassette::rewrite::unitMarker("src/one.cpp").find("CASSETTE_COMMAND"), std::string::npos);
  // A function-like macro from the command line is tested by its name.
  std::vector<Macros> FunctionLike{{{"WRAP(x)=x", false}}, {}};
  EXPECT_EQ(commandCondition(FunctionLike, 0), "defined(CASSETTE_COMMAND_DEFINED_WRAP)");
  EXPECT_NE(cassette::rewrite::unitMarker("a.cpp", FunctionLike).find("#ifdef WRAP\n"), std::string::npos);
}

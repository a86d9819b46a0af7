// Running clang on one unit: with its command from the compilation database,
// raised to C++20 where the runtime needs it, a working directory and file
// names of its own (units run in parallel), and its diagnostics kept apart.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "Rewrite.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

namespace cassette::rewrite {

/// What the standard raise did to a unit's command; Raised is empty when the
/// command's own standard is kept.
struct StandardRaise {
  std::string Raised;   // -std=c++20 or -std=gnu++20
  std::string Own;      // the command's standard: -std=c++11 (clang's default when it names none)
  std::string Command;  // what the command says, for the notes
};

/// Units are parsed the way the rewritten tree is built: the runtime needs
/// C++20, so a C++ command that selects an older standard, or none (clang's
/// default is gnu++17), is raised to C++20 of the same family (c++11 ->
/// c++20, gnu++14 -> gnu++20). The last -std wins, as in the driver. C
/// commands, standards from C++20 on and values clang rejects are left as
/// they are. What was done goes into Raise (one tool, so one Raise, per unit).
clang::tooling::ArgumentsAdjuster raiseStandard(StandardRaise& Raise);

/// A command as far as what it compiles: without what it writes (-o, a
/// depfile), so that commands differing only there are one.
std::vector<std::string> commandWithoutOutputs(const std::vector<std::string>& Args);

/// A file and a line, as #line directives say.
using Place = std::pair<std::string, unsigned>;

/// One parse of one unit: whether it compiled, what clang printed, its
/// errors, and every file it read.
struct ParseResult {
  bool Compiled = false;
  std::string Diags;
  /// Each error as clang's first line gives it (`file:line:col: error:
  /// message [-Wflag]`), with the report's paths.
  std::vector<std::string> Errors;
  /// The same errors without their place (`error: message [-Wflag]`).
  std::vector<std::string> Messages;
  /// For each error, where it and the notes after it point (as #line
  /// directives say): the place in a rewritten file that caused it.
  std::vector<std::vector<Place>> ErrorChains;
  std::vector<std::string> Deps;  // every file the unit read, system headers included
};

/// How many distinct commands compile F (parseUnit parses it with each).
size_t distinctCommandCount(const clang::tooling::CompilationDatabase& DB, const std::string& F);
/// One parse of unit F running Action, with Adjust (if not null) and the
/// run's own arguments applied to its command. Files in Overlays (by real
/// path) are read with the text given there (a main file with macros
/// expanded; the rewritten tree when it is checked).
ParseResult parseUnit(const clang::tooling::CompilationDatabase& DB, const std::string& F, const Options& O,
                      clang::tooling::FrontendActionFactory& Action, clang::tooling::ArgumentsAdjuster Adjust,
                      const std::map<std::string, std::string>* Overlays = nullptr);

}  // namespace cassette::rewrite

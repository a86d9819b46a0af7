// One translation unit: find every function written under --root in the
// files this unit is the first to claim, and produce their rewritten text.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "Report.h"
#include "Rewrite.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

namespace cassette::rewrite {

struct TUCallbacks {
  /// True for the first unit that asks for a file: headers are rewritten once.
  std::function<bool(const std::string& AbsPath)> Claim;
  /// A function whose twin is defined (its TUEnv::definitionKey).
  std::function<void(const std::string& Key)> Defined;
  /// A key that is defined if the second one is (TwinWriter::Anchor).
  std::function<void(const std::string& Key, const std::string& If)> DefinedIf;
  /// A function defined here whose twin other files cannot reach, and why.
  std::function<void(const std::string& Key, const std::string& Why)> Unanchored;
  /// The rewritten text of a claimed file.
  std::function<void(const std::string& AbsPath, std::string Text)> Emit;
  /// The unit's main file with the macro uses that held skipped sites
  /// replaced by their expansion (Options::ExpandMacros): the unit may be
  /// rewritten again over it. Null: no expansion is asked for.
  std::function<void(const std::string& AbsPath, std::string Text,
                     std::vector<std::pair<std::string, Location>> Expanded)>
      Expand;
};

std::unique_ptr<clang::tooling::FrontendActionFactory> makeRewriteActionFactory(const Options& O, Report& R,
                                                                               TUCallbacks CB);

}  // namespace cassette::rewrite

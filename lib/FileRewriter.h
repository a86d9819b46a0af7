// One translation unit: find every function written under --root in the
// files this unit is the first to claim, and produce their rewritten text.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "EditSet.h"
#include "Report.h"
#include "Rewrite.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

namespace cassette::rewrite {

/// One file as one unit rewrote it: the text, and the edits that make it
/// from the original, so that the rewrites of a header by several units
/// (each seeing its own preprocessor conditions) can be joined.
/// The lines of a file that a function's twins copy (for errors the check
/// finds there, which #line directives place in the original's lines).
struct TwinSpan {
  std::string Key;  // TUEnv::definitionKey
  std::string Name;
  unsigned First = 0, Last = 0;
};

/// The runtime protocol this rewriter's output speaks: the version of
/// everything in cassette::rt it calls. Every rewritten file checks that the
/// runtime it is built against has the same (runtime/cassette/rt/base.hpp,
/// `cassette::rt::protocol_version`); change both together.
inline constexpr int RuntimeProtocol = 1;

/// What a rewritten file starts with: the runtime (the tagging runtime only
/// under --tagging, the indirect-call tables only where the file takes a
/// function's address), the protocol check, and the #line back to the
/// original.
std::string unitPrologue(const std::string& Path, bool Tagging, bool TakesAddresses);

struct FileOutput {
  std::string Text;
  std::string Original;            // the buffer the edits apply to
  std::string Prologue, Epilogue;  // around the edited buffer
  /// The prologue this file would have if its rewrite took a function's
  /// address (the indirect-call tables included): units that rewrite one
  /// file differently join under it when any of them does (JoinRewrites.cpp).
  std::string PrologueWithTables;
  std::vector<FlatEdit> Edits;
  std::vector<TwinSpan> Spans;
};

struct TUCallbacks {
  /// Whether this unit rewrites a file under --root it reads.
  std::function<bool(const std::string& AbsPath)> Claim;
  /// A function whose twin is defined (its TUEnv::definitionKey).
  std::function<void(const std::string& Key)> Defined;
  /// A key that is defined if the second one is (TwinWriter::Anchor).
  std::function<void(const std::string& Key, const std::string& If)> DefinedIf;
  /// A function defined here whose twin other files cannot reach, and why.
  std::function<void(const std::string& Key, const std::string& Why)> Unanchored;
  /// The rewrite of a claimed file.
  std::function<void(const std::string& AbsPath, FileOutput Output)> Emit;
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

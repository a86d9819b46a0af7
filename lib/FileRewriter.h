// One translation unit: find every function written under --root in the
// files it reads, and return their rewritten text with what the run needs to
// know across units (a UnitResult).
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "EditSet.h"
#include "MacroExpansion.h"
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
inline constexpr int RuntimeProtocol = 11;

/// What a rewritten file starts with: the runtime (the tagging runtime only
/// under --tagging, the indirect-call tables only where the file takes a
/// function's address), the protocol check, and the #line back to the
/// original.
std::string unitPrologue(const std::string& Path, const std::string& TaggingIncludes, bool TakesAddresses, bool Header);

struct FileOutput {
  std::string Text;
  std::string Original;            // the buffer the edits apply to
  std::string Prologue, Epilogue;  // around the edited buffer
  /// The prologue this file would have if its rewrite took a function's
  /// address (the indirect-call tables included): units that rewrite one
  /// file differently join under it when any of them does (JoinRewrites.cpp).
  std::string PrologueWithTables;
  bool Header = false;  // rewritten as a header (not the unit's main file)
  size_t Command = 0;   // which of the unit's commands rewrote it (UnitResult::CommandMacros)
  std::vector<FlatEdit> Edits;
  std::vector<TwinSpan> Spans;
  /// What the unit's preprocessor skipped of Original (MacroRecord::skipped):
  /// code this unit does not see, which another unit's edits may change.
  std::vector<ByteRange> Skipped;
  /// The bodies of the functions this unit read here and gave no twin (each
  /// through the end of its last line, where a twin goes), by offset:
  /// another unit's edits there (its entry forwarded to a twin this unit
  /// does not have, the twin itself) are that unit's alone.
  std::vector<ByteRange> Declined;
};

/// The unit's main file with the macro uses that held skipped sites replaced
/// by their expansion (Options::ExpandMacros): the unit may be rewritten
/// again over it.
struct MacroExpansionRequest {
  std::string Path;  // the main file, absolute
  std::string Text;
  std::vector<std::pair<std::string, Location>> Expanded;  // macro, use; empty: nothing asked for
  std::vector<ExpandedUse> Uses;                             // what Text expands
};

/// A twin of a function that passes edited, as its stub (Passes.h): the
/// parse that rewrites it sees Text inserted at Offset of File. For a
/// definition, the unit's output holds passTwinPlaceholder(Index) where its
/// twin goes; a declaration's stub is its twin as written (so that the
/// definition's stub can be declared out of line).
struct PassStub {
  std::string File;  // absolute
  unsigned Offset = 0, Line = 0;
  std::string Text;
  bool Definition = false;
  size_t Index = 0;  // of a definition: its placeholder
  std::string Name;  // the function, for messages
};

/// What rewriting one unit produced. The run merges these across units once
/// every unit is done, in the units' order.
struct UnitResult {
  /// The files under --root this unit rewrites (a later round of the unit
  /// rewrites these and only these).
  std::set<std::string> Claimed;
  /// The rewrite of each claimed file that changed, by absolute path.
  std::map<std::string, FileOutput> Outputs;
  /// A unit compiled by several commands (a library built with and without
  /// a macro): the rewrites of a file by its second, third ... command,
  /// which the run joins with the first's as it joins a header's rewrites
  /// by several units.
  std::map<std::string, std::vector<FileOutput>> LaterOutputs;
  /// Each command's -D and -U, in the order the commands were parsed (the
  /// preprocessor's own list: name or name=value, and whether undefined):
  /// what tells the commands' rewrites of one file apart.
  std::vector<std::vector<std::pair<std::string, bool>>> CommandMacros;
  /// Functions whose twin is defined here (TUEnv::definitionKey).
  std::set<std::string> Defined;
  /// A key that is defined if the second one is (TwinWriter::Anchor).
  std::multimap<std::string, std::string> DefinedIf;
  /// Functions defined here whose twin other files cannot reach, and why.
  std::map<std::string, std::string> Unanchored;
  /// Macro uses to expand (asked for only with Options::ExpandMacros).
  MacroExpansionRequest Expansion;
  /// The same in headers under --root, by absolute path: a header is read
  /// by several units, so the run expands its uses for all of them at once.
  std::map<std::string, std::vector<ExpandedUse>> HeaderExpansions;
  /// For each header under --root this unit claims, every use in it that
  /// could be expanded (expansionFingerprints): units that see one use
  /// differently keep it as written.
  std::map<std::string, std::map<unsigned, size_t>> HeaderFingerprints;
  /// For a main file several commands compile (Options::MainFilesOfSeveral
  /// Commands), by command: the uses it asked to have expanded, and every use
  /// it could expand (expansionFingerprints), so that a use the commands
  /// expand differently is expanded for each under its condition.
  std::vector<std::vector<ExpandedUse>> CommandAsked;
  std::vector<std::map<unsigned, size_t>> CommandPrints;
  /// Passes: the stubs of the twins they edited, the text of each file the
  /// stubs go into as this unit parsed it, and errors of the passes
  /// (clang-style lines: the unit fails).
  std::vector<PassStub> PassStubs;
  std::map<std::string, std::string> PassBuffers;
  std::vector<std::string> PassErrors;
  /// Per (pass, definitionKey) of each function a pass visited: the
  /// function's name and place, and what the pass's edits of it were (empty:
  /// none), so that the run sees a pass edit one function differently in
  /// two units.
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> PassFingerprints;
  /// What was twinned, rewritten and skipped here (a Report does not move).
  std::unique_ptr<Report> Entries = std::make_unique<Report>();
};

/// The rewrite as clang runs it (parseUnit in Parse.h): each run of its
/// actions (one per compile command of the unit) adds to one UnitResult,
/// which take() hands over.
class RewriteActionFactory : public clang::tooling::FrontendActionFactory {
 public:
  /// Only, when not null: the files the unit may claim (a later round).
  explicit RewriteActionFactory(const Options& O, const std::set<std::string>* Only = nullptr) : Opts(O), Only(Only) {}
  std::unique_ptr<clang::FrontendAction> create() override;
  UnitResult take() { return std::move(Result); }

 private:
  const Options& Opts;
  const std::set<std::string>* Only;
  UnitResult Result;
};

/// Where a definition's stub stands in the text of its file as the stubs'
/// parse reads it (Session.cpp inserts them): [Begin, End) of File.
struct StubRange {
  std::string File;
  unsigned Begin = 0, End = 0;
  size_t Index = 0;
};

/// The parse of a unit with its pass stubs inserted: each definition stub
/// rewritten as a twin is (its calls through the runtime), its text kept.
class PassStubActionFactory : public clang::tooling::FrontendActionFactory {
 public:
  PassStubActionFactory(const Options& O, std::vector<StubRange> Ranges) : Opts(O), Ranges(std::move(Ranges)) {}
  std::unique_ptr<clang::FrontendAction> create() override;
  /// The twin text of each stub, by index.
  std::map<size_t, std::string> Rendered;
  /// The files whose stubs take a function's address (they need the indirect-call tables).
  std::set<std::string> TakesAddresses;

 private:
  const Options& Opts;
  std::vector<StubRange> Ranges;
};

}  // namespace cassette::rewrite

// The run, as stages that hand each other values:
//   collectUnits  the sources that are units of the run (checked);
//   rewriteUnits  every unit in parallel, each returning a UnitOutcome (its
//                 UnitResult and how it compiled), progress printed as each ends;
//   resolve       the outcomes merged in the units' path order: each header's
//                 rewrites joined (JoinRewrites.h), twin markers resolved
//                 (TwinMarkers.h), the run's notes;
//   check         the rewritten units parsed as the build will (Check.h); a
//                 twin that does not compile is taken away and the run rewrites again;
//   commitOutDir  the out-dir written as a whole or not at all (OutDir.h).
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>

#include "Check.h"
#include "ContextHeader.h"
#include "FileRewriter.h"
#include "JoinRewrites.h"
#include "OutDir.h"
#include "Parse.h"
#include "Passes.h"
#include "Paths.h"
#include "Report.h"
#include "Rewrite.h"
#include "TwinMarkers.h"
#include "Validate.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

namespace fs = llvm::sys::fs;

namespace cassette::rewrite {

namespace {

// Rounds of macro expansion per unit after the first rewrite: a use expanded
// in one round can reveal uses inside what it defined.
constexpr unsigned MaxExpansionRounds = 3;

// Rounds of the check: each takes away the twins that caused errors.
constexpr unsigned MaxCheckRounds = 4;

// Stage 1. The sources that are units of the run: each checked
// (Validate.h), those outside --root left out, each file once. Null after
// an error (printed).
std::optional<std::vector<std::string>> collectUnits(const clang::tooling::CompilationDatabase& DB, const Options& O) {
  if (fs::exists(O.Root + "/" + OutDirMarker)) {
    llvm::errs() << "cassette-rewrite: error: --root " << O.Root
                 << " is the output of an earlier cassette-rewrite run (" << OutDirMarker
                 << "); rewrite the original tree instead\n";
    return std::nullopt;
  }
  std::vector<std::string> Units;
  std::set<std::string> Seen;
  for (const std::string& F : O.Sources) {
    if (std::string Error = sourceError(DB, F); !Error.empty()) {
      llvm::errs() << Error << "\n";
      return std::nullopt;
    }
    std::string Real = realPathOr(F);
    if (!under(Real, O.Root)) {
      if (!O.AllFiles)
        llvm::errs() << "cassette-rewrite: note: " << F
                     << " is not under --root; its functions are primitives and it is not written\n";
      continue;
    }
    if (Seen.insert(Real).second) Units.push_back(F);
  }
  if (Units.empty()) {
    llvm::errs() << "cassette-rewrite: error: no source file under --root " << O.Root << "\n";
    return std::nullopt;
  }
  if (std::string Error; !mayReplace(O, Error)) {
    llvm::errs() << "cassette-rewrite: error: " << Error << "\n";
    return std::nullopt;
  }
  return Units;
}

// What the run keeps of one unit.
struct UnitOutcome {
  enum { Rewritten, PassedThrough, Failed } Status = Failed;
  UnitResult Final;  // its last rewrite that compiled (Rewritten)
  StandardRaise Raise;
  std::vector<std::string> Deps;  // every file its parses read (real paths): the depfile
  std::string Diags;              // what clang said, shown with its progress line
  // Passed through: its errors under C++20, and what it reads under its own standard.
  std::vector<std::string> RaisedErrors;
  std::vector<std::string> OwnDeps;
  // Its main file as its last rewrite read it (macro uses expanded; empty:
  // as written), and the uses expanded there.
  std::string MainOverlayPath, MainOverlay;
  std::vector<std::pair<std::string, Location>> MainExpanded;
  // The texts its final parse read instead of its files (the main file with
  // macro uses expanded), for the parse of its pass stubs.
  std::map<std::string, std::string> Overlay;
  bool PassFailed = false;  // Failed by a pass, not by clang
};

// Macro uses in headers under --root replaced by their expansion, for every
// unit at once (a header is read by several): the text each header is read
// as, and the uses, for the report.
struct HeaderExpansion {
  std::map<std::string, std::string> Overlays;  // absolute path -> text
  std::vector<std::pair<std::string, Location>> Expanded;
  // The units an overlay's `#if CASSETTE_UNIT == ...` names (their main
  // files, real paths): their main files define CASSETTE_UNIT.
  std::set<std::string> Named;
};

// Macro uses to expand: the unit is rewritten again over its main file
// with them expanded; what that reveals (a CHECK in the body of a TEST that
// was not a function before) may ask for another round. If a round does
// not compile, the one before it stands. That one is not kept meanwhile but
// made again from the texts it read: held through the next round's parse,
// it raised the rewriter's peak memory on pugixml.cpp by 5 MB (to 157).
void expandMacroRounds(const clang::tooling::CompilationDatabase& DB, const Options& O, const std::string& F,
                       const HeaderExpansion& Headers, UnitOutcome& U) {
  // A later round rewrites what the first did, and only that.
  const std::set<std::string> Claimed = U.Final.Claimed;
  for (unsigned Round = 0; Round < MaxExpansionRounds && !U.Final.Expansion.Expanded.empty(); ++Round) {
    MacroExpansionRequest Asked = std::move(U.Final.Expansion);
    std::map<std::string, std::string> Overlay = Headers.Overlays;
    Overlay[Asked.Path] = Asked.Text;
    U.Final = UnitResult();
    RewriteActionFactory Again(O, &Claimed);
    ParseResult P = parseUnit(DB, F, O, Again, raiseStandard(U.Raise), &Overlay);
    if (!P.Compiled) {
      RewriteActionFactory Before(O, Round == 0 ? nullptr : &Claimed);
      parseUnit(DB, F, O, Before, raiseStandard(U.Raise), &U.Overlay);
      U.Final = Before.take();
      U.Final.Expansion = {};  // asked for and tried
      std::string FirstError = P.Errors.empty() ? "" : P.Errors.front();
      U.Final.Entries->note(displayPath(O, F) + ": its macro uses replaced by their expansion do not compile (" +
                            FirstError + "); they are left as written");
      break;
    }
    U.MainExpanded.insert(U.MainExpanded.end(), Asked.Expanded.begin(), Asked.Expanded.end());
    U.MainOverlayPath = Asked.Path;
    U.MainOverlay = std::move(Asked.Text);
    U.Final = Again.take();
    U.Overlay = Overlay;
  }
  for (auto& [Macro, Where] : U.MainExpanded) U.Final.Entries->expanded(Macro, Where);
}

// Each file the stubs go into, as the stubs' parse reads it: the text its
// unit parsed with the stubs inserted, each between #line directives as a
// twin is, then the original's line and column again. Ranges gets where each
// definition's stub stands; Same, a stub's index for another command's copy
// of it (a unit compiled by several commands).
std::map<std::string, std::string> stubOverlay(const UnitOutcome& U, std::vector<StubRange>& Ranges,
                                               std::map<size_t, size_t>& Same) {
  const UnitResult& R = U.Final;
  std::map<std::string, std::string> Overlay = U.Overlay;
  std::map<std::string, std::vector<const PassStub*>> ByFile;
  std::map<std::tuple<std::string, unsigned, std::string>, size_t> Seen;
  for (const PassStub& S : R.PassStubs) {
    auto [It, New] = Seen.emplace(std::make_tuple(S.File, S.Offset, S.Text), S.Index);
    if (New) ByFile[S.File].push_back(&S);
    else if (S.Definition) Same[S.Index] = It->second;
  }
  for (auto& [File, Stubs] : ByFile) {
    const std::string& Buffer = R.PassBuffers.at(File);
    // By offset, then in the order made (they point into one vector).
    std::sort(Stubs.begin(), Stubs.end(), [](const PassStub* A, const PassStub* B) {
      return A->Offset != B->Offset ? A->Offset < B->Offset : std::less<const PassStub*>()(A, B);
    });
    std::string Text;
    unsigned Cursor = 0;
    for (const PassStub* S : Stubs) {
      Text.append(Buffer, Cursor, S->Offset - Cursor);
      Cursor = S->Offset;
      Text += "\n#line " + std::to_string(S->Line) + " " + quoted(File) + "\n";
      unsigned Begin = Text.size();
      Text += S->Text;
      if (S->Definition) Ranges.push_back({File, Begin, static_cast<unsigned>(Text.size()), S->Index});
      size_t LineStart = S->Offset == 0 ? 0 : Buffer.rfind('\n', S->Offset - 1);
      LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
      unsigned Line = 1 + static_cast<unsigned>(std::count(Buffer.begin(), Buffer.begin() + S->Offset, '\n'));
      Text += "\n#line " + std::to_string(Line) + " " + quoted(File) + "\n" + std::string(S->Offset - LineStart, ' ');
    }
    Text.append(Buffer, Cursor);
    Overlay[File] = std::move(Text);
  }
  return Overlay;
}

// The twins that passes edited (Passes.h): the unit parsed again with their
// stubs inserted and the runtime included, each stub's calls rewritten, and
// its text put where its placeholder stands. A pass's text that does not
// compile fails the unit, with clang's errors pointing into `<pass NAME>`.
void rewritePassStubs(const clang::tooling::CompilationDatabase& DB, const Options& O, const std::string& F,
                      UnitOutcome& U) {
  UnitResult& R = U.Final;
  std::vector<StubRange> Ranges;
  std::map<size_t, size_t> Same;
  const std::map<std::string, std::string> Overlay = stubOverlay(U, Ranges, Same);
  PassStubActionFactory Stubs(O, Ranges);
  StandardRaise Raise;
  clang::tooling::ArgumentsAdjuster Adjust = clang::tooling::combineAdjusters(
      raiseStandard(Raise),
      clang::tooling::getInsertArgumentAdjuster({"-include", O.RuntimeDir + "/cassette/rt/unit.hpp"},
                                                clang::tooling::ArgumentInsertPosition::END));
  ParseResult P = parseUnit(DB, F, O, Stubs, Adjust, &Overlay);
  std::set<std::string> Functions;
  for (const PassStub& S : R.PassStubs)
    if (S.Definition) Functions.insert(S.Name);
  // Clang's errors, each one line where its #line directives place it: in
  // `<pass NAME>` for the text a pass inserted.
  auto Fail = [&](const std::string& Why) {
    U.Status = UnitOutcome::Failed;
    U.PassFailed = true;
    U.Diags.clear();
    std::set<std::string> Shown;  // one text inserted into several functions errs once
    for (const std::string& E : P.Errors)
      if (Shown.insert(E).second) U.Diags += E + "\n";
    U.Diags += "cassette-rewrite: error: " + Why + "\n";
  };
  if (!P.Compiled)
    return Fail("the twins of " + llvm::join(Functions, ", ") +
                " as passes edited them do not compile (errors in `<pass NAME>` are in the text pass NAME inserted)");
  std::map<size_t, std::string> Text;
  for (const PassStub& S : R.PassStubs) {
    if (!S.Definition) continue;
    auto It = Stubs.Rendered.find(Same.count(S.Index) ? Same[S.Index] : S.Index);
    if (It == Stubs.Rendered.end()) return Fail("the twin of " + S.Name + " as passes edited it was not found again");
    Text[S.Index] = It->second;
  }
  const std::string Open = "@cassette_pass_twin_";
  auto Substitute = [&](std::string& In) {
    size_t At = 0;
    while ((At = In.find(Open, At)) != std::string::npos) {
      size_t End = In.find('@', At + Open.size());
      auto It = End == std::string::npos ? Text.end() : Text.find(std::stoul(In.substr(At + Open.size())));
      if (It == Text.end()) {
        At += Open.size();
        continue;
      }
      In.replace(At, End + 1 - At, It->second);
      At += It->second.size();
    }
  };
  auto Fill = [&](const std::string& Abs, FileOutput& Out) {
    Substitute(Out.Text);
    for (FlatEdit& E : Out.Edits) Substitute(E.Text);
    if (Stubs.TakesAddresses.count(Abs) && Out.Prologue != Out.PrologueWithTables) {
      Out.Text = Out.PrologueWithTables + Out.Text.substr(Out.Prologue.size());
      Out.Prologue = Out.PrologueWithTables;
    }
  };
  for (auto& [Abs, Out] : R.Outputs) Fill(Abs, Out);
  for (auto& [Abs, Later] : R.LaterOutputs)
    for (FileOutput& Out : Later) Fill(Abs, Out);
}

// Stage 2, for one unit: its rewrite, under C++20. Raised to C++20 and
// failing, it is parsed again as its command says. If that compiles, the
// unit is what no longer compiles: passed through unchanged like a C unit
// (its rewrite stopped at the errors, before claiming a file or reporting
// anything) and named in a note. If not, it is an error as any unit that
// does not compile, shown with the diagnostics of its own standard.
// Rewritten again over expanded headers (Before: its rewrite over them as
// written), it starts from the main file its last rewrite read.
UnitOutcome rewriteUnit(const clang::tooling::CompilationDatabase& DB, const Options& O, const std::string& F,
                        const HeaderExpansion& Headers, const UnitOutcome* Before = nullptr) {
  UnitOutcome U;
  std::map<std::string, std::string> Overlays = Headers.Overlays;
  if (Before && !Before->MainOverlay.empty()) {
    U.MainOverlayPath = Before->MainOverlayPath;
    U.MainOverlay = Before->MainOverlay;
    U.MainExpanded = Before->MainExpanded;
    Overlays[U.MainOverlayPath] = U.MainOverlay;
  }
  RewriteActionFactory First(O);
  ParseResult P = parseUnit(DB, F, O, First, raiseStandard(U.Raise), &Overlays);
  U.Final = First.take();
  U.Overlay = Overlays;
  std::optional<ParseResult> AsWritten;
  if (!P.Compiled && !U.Raise.Raised.empty()) {
    auto SyntaxOnly = clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>();
    AsWritten = parseUnit(DB, F, O, *SyntaxOnly, nullptr);
  }
  bool Passed = AsWritten && AsWritten->Compiled;
  U.Status = P.Compiled ? UnitOutcome::Rewritten : Passed ? UnitOutcome::PassedThrough : UnitOutcome::Failed;
  for (const ParseResult* Q : {&P, AsWritten ? &*AsWritten : nullptr})
    if (Q)
      for (const std::string& D : Q->Deps) U.Deps.push_back(realPathOr(D));
  // A unit passed through shows its errors in the note instead.
  U.Diags = Passed ? "" : AsWritten ? AsWritten->Diags : P.Diags;
  if (Passed) {
    U.RaisedErrors = std::move(P.Errors);
    U.OwnDeps = std::move(AsWritten->Deps);
  }
  if (!P.Compiled) return U;
  expandMacroRounds(DB, O, F, Headers, U);
  if (!U.Final.PassErrors.empty()) {
    U.Status = UnitOutcome::Failed;
    U.PassFailed = true;
    for (const std::string& E : U.Final.PassErrors) U.Diags += E + "\n";
    return U;
  }
  if (!U.Final.PassStubs.empty()) rewritePassStubs(DB, O, F, U);
  if (!U.Raise.Raised.empty())
    U.Final.Entries->note(displayPath(O, F) + ": compiled as " + U.Raise.Raised + " (" + U.Raise.Command +
                          "): the rewritten tree must be built with C++20");
  return U;
}

// A unit's diagnostics and its line of progress, as it ends. Diagnostics
// without a location get the tool's name, as in `cassette-rewrite: error:
// invalid value 'c++1792' in '-std=c++1792'`.
void printProgress(const UnitOutcome& U, const std::string& F, unsigned N, size_t Total) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(U.Diags).split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    if (I + 1 == Lines.size() && L.empty()) break;
    for (const char* Severity : {"fatal error: ", "error: ", "warning: ", "note: ", "remark: "})
      if (L.starts_with(Severity)) {
        llvm::errs() << "cassette-rewrite: ";
        break;
      }
    llvm::errs() << L << "\n";
  }
  llvm::errs() << "[" << N << "/" << Total << "] " << F
               << (U.Status == UnitOutcome::Failed          ? " (failed)"
                   : U.Status == UnitOutcome::PassedThrough ? " (does not compile as C++20: passed through unchanged)"
                                                            : "")
               << "\n";
}

// Stage 2. Every unit (or those Redo names), O.Jobs at a time; the outcomes
// in the units' order. Before: each unit's rewrite over the headers as
// written, when this is the rewrite over them expanded.
std::vector<UnitOutcome> rewriteUnits(const clang::tooling::CompilationDatabase& DB, const Options& O,
                                      const std::vector<std::string>& Units, const HeaderExpansion& Headers,
                                      const std::vector<UnitOutcome>* Before = nullptr,
                                      const std::vector<bool>* Redo = nullptr) {
  std::vector<UnitOutcome> Outcomes(Units.size());
  std::mutex Mutex;
  unsigned Done = 0;
  size_t Total = Redo ? std::count(Redo->begin(), Redo->end(), true) : Units.size();
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
  for (size_t I = 0; I < Units.size(); ++I)
    if (!Redo || (*Redo)[I])
      Pool.async([&, I] {
        UnitOutcome U = rewriteUnit(DB, O, Units[I], Headers, Before ? &(*Before)[I] : nullptr);
        std::lock_guard<std::mutex> Lock(Mutex);
        printProgress(U, Units[I], ++Done, Total);
        Outcomes[I] = std::move(U);
      });
  Pool.wait();
  return Outcomes;
}

// The header as every unit reads it (withBranches, MacroExpansion.h): each
// split use's lines under `#if CASSETTE_UNIT == <its units>`, the units in
// their paths' order, so that the text does not depend on the order they are
// given in. Named gets the units so named.
std::string withUnitExpansions(const Options& O, const std::vector<std::string>& Units, llvm::StringRef Buffer,
                               const std::vector<ExpandedUse>& Kept, const std::vector<SplitUse>& Split,
                               std::set<std::string>& Named) {
  return withBranches(
      Buffer, Kept, Split, [&](size_t A, size_t B) { return realPathOr(Units[A]) < realPathOr(Units[B]); },
      [&](size_t Unit) {
        Named.insert(realPathOr(Units[Unit]));
        return unitCondition(displayPath(O, realPathOr(Units[Unit])));
      });
}

// Stage 2b. The macro uses in headers that units asked to have expanded,
// each expanded for every unit (units are taken in their paths' order, so
// the result does not depend on the order they are given in). Where every
// unit that could expand a use would expand it to the same text (one
// configuration of the project defines the macro as the others do), the
// text; where units differ, each unit's own text under a condition that
// holds in that unit only (withUnitExpansions); a unit whose text is not
// known (its fingerprint matches none asked for) reads the use as written.
HeaderExpansion decideHeaderExpansions(const Options& O, const std::vector<std::string>& Units,
                                       const std::vector<UnitOutcome>& Outcomes) {
  std::vector<size_t> Order(Units.size());
  for (size_t I = 0; I < Order.size(); ++I) Order[I] = I;
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return realPathOr(Units[A]) < realPathOr(Units[B]); });
  std::map<std::string, std::map<unsigned, std::map<size_t, ExpandedUse>>> Asked;  // header -> use -> unit
  for (size_t I : Order)
    if (Outcomes[I].Status == UnitOutcome::Rewritten)
      for (const auto& [Header, Uses] : Outcomes[I].Final.HeaderExpansions)
        for (const ExpandedUse& Use : Uses) Asked[Header][Use.Begin].emplace(I, Use);
  HeaderExpansion H;
  for (auto& [Header, Uses] : Asked) {
    auto Buffer = llvm::MemoryBuffer::getFile(Header);
    if (!Buffer) continue;
    std::vector<size_t> Seeing;  // the units that may read it
    for (size_t I : Order)
      if (Outcomes[I].Status == UnitOutcome::Rewritten) Seeing.push_back(I);
    auto [Kept, Split] = decideExpansions(Uses, Seeing, [&](size_t I, unsigned Begin) -> std::optional<size_t> {
      auto Prints = Outcomes[I].Final.HeaderFingerprints.find(Header);
      if (Prints == Outcomes[I].Final.HeaderFingerprints.end()) return std::nullopt;
      auto P = Prints->second.find(Begin);
      if (P == Prints->second.end()) return std::nullopt;
      return P->second;
    });
    if (Kept.empty() && Split.empty()) continue;
    H.Overlays[Header] = withUnitExpansions(O, Units, (*Buffer)->getBuffer(), Kept, Split, H.Named);
    for (const ExpandedUse& Use : Kept) H.Expanded.emplace_back(Use.Macro, Use.Where);
    for (const SplitUse& S : Split)
      H.Expanded.emplace_back(S.ByKey.begin()->second.Macro, S.ByKey.begin()->second.Where);
  }
  return H;
}

// Stage 2, with the headers' macro uses: every unit rewritten, then, if some
// asked for uses in headers to be expanded, every unit rewritten again over
// the headers so expanded. If a unit that compiled does not compile so, the
// headers stay as written (a note says so).
std::vector<UnitOutcome> rewriteUnitsExpandingHeaders(const clang::tooling::CompilationDatabase& DB, Options& O,
                                                      const std::vector<std::string>& Units,
                                                      std::optional<HeaderExpansion>& Headers,
                                                      std::vector<std::string>& Notes) {
  if (Headers) return rewriteUnits(DB, O, Units, *Headers);
  Headers.emplace();
  std::vector<UnitOutcome> Outcomes = rewriteUnits(DB, O, Units, *Headers);
  if (!O.ExpandMacros) return Outcomes;
  // A unit's main file that another unit includes keeps its macro uses
  // (Options::MainFilesIncludedElsewhere): that unit is rewritten again.
  std::vector<bool> Shared(Units.size());
  for (size_t I = 0; I < Units.size(); ++I) {
    std::string Main = realPathOr(Units[I]);
    bool Elsewhere = false;
    for (size_t J = 0; J < Units.size() && !Elsewhere; ++J)
      Elsewhere = J != I && std::find(Outcomes[J].Deps.begin(), Outcomes[J].Deps.end(), Main) != Outcomes[J].Deps.end();
    if (Elsewhere && Outcomes[I].Status == UnitOutcome::Rewritten) {
      O.MainFilesIncludedElsewhere.insert(Main);
      Shared[I] = true;
    }
  }
  if (!O.MainFilesIncludedElsewhere.empty()) {
    std::vector<UnitOutcome> Again = rewriteUnits(DB, O, Units, *Headers, nullptr, &Shared);
    for (size_t I = 0; I < Units.size(); ++I)
      if (Shared[I]) Outcomes[I] = std::move(Again[I]);
  }
  HeaderExpansion Decided = decideHeaderExpansions(O, Units, Outcomes);
  if (Decided.Overlays.empty()) return Outcomes;
  // Only the units that read one of those headers.
  std::set<std::string> Expanded;
  for (const auto& [Header, Text] : Decided.Overlays) Expanded.insert(realPathOr(Header));
  std::vector<bool> Redo(Units.size());
  for (size_t I = 0; I < Units.size(); ++I)
    Redo[I] = Expanded.count(realPathOr(Units[I])) ||
              std::any_of(Outcomes[I].Deps.begin(), Outcomes[I].Deps.end(),
                          [&](const std::string& D) { return Expanded.count(D) > 0; });
  llvm::errs() << "cassette-rewrite: rewriting " << std::count(Redo.begin(), Redo.end(), true) << " unit(s) again with "
               << Decided.Expanded.size() << " macro use(s) in " << Decided.Overlays.size()
               << " header(s) replaced by their expansion\n";
  std::vector<UnitOutcome> Again = rewriteUnits(DB, O, Units, Decided, &Outcomes, &Redo);
  for (size_t I = 0; I < Units.size(); ++I)
    if (Redo[I] && Outcomes[I].Status == UnitOutcome::Rewritten && Again[I].Status != UnitOutcome::Rewritten) {
      Notes.push_back(displayPath(O, Units[I]) +
                      ": does not compile with the macro uses of headers replaced by their expansion; every header "
                      "keeps its macro uses as written");
      return Outcomes;
    }
  for (size_t I = 0; I < Units.size(); ++I)
    if (Redo[I]) Outcomes[I] = std::move(Again[I]);
  *Headers = std::move(Decided);
  return Outcomes;
}

// What the out-dir gets, once every unit is read.
struct Tree {
  std::map<std::string, std::string> Outputs;  // rewritten files, by absolute path
  std::unique_ptr<Report> Rep = std::make_unique<Report>();
  std::set<std::string> Deps;        // every file a unit read, and the database (the depfile)
  Spans TwinLines;                   // the lines each twin copies (for the check)
  std::vector<std::string> Rewrote;  // the units that rewrote something, sorted (the check parses them)
  // Units passed through, built at their own standard (path under --root ->
  // its -std): .cassette-project.cmake says so.
  std::map<std::string, std::string> OwnStandards;
};

// The units' results merged, in the order of the units' real paths (their
// rank), so that nothing depends on the order they are given in or finish in.
struct Merged {
  std::vector<std::string> Ranked;                             // real paths, sorted
  std::map<std::string, std::map<size_t, FileOutput>> ByFile;  // file -> joinKey -> its rewrite
  std::set<std::string> Defined;
  std::multimap<std::string, std::string> DefinedIf;  // key, the key it needs
  std::map<std::string, std::string> Unanchored;      // key, why
  // Each unit's commands' -D and -U, by rank (UnitResult::CommandMacros).
  std::map<size_t, std::vector<std::vector<std::pair<std::string, bool>>>> CommandMacros;
};

// A file's rewrites are keyed by the unit's rank and, for a unit compiled by
// several commands, the command's place among them.
constexpr size_t MaxCommandsPerUnit = 64;
size_t joinKey(size_t Rank, size_t Command) { return Rank * MaxCommandsPerUnit + Command; }
size_t rankOf(size_t JoinKey) { return JoinKey / MaxCommandsPerUnit; }

Merged mergeUnits(const Options& O, const std::vector<std::string>& Units, std::vector<UnitOutcome>& Outcomes,
                  Tree& T) {
  Merged M;
  std::vector<size_t> Order(Units.size());
  for (size_t I = 0; I < Units.size(); ++I) {
    Order[I] = I;
    M.Ranked.push_back(realPathOr(Units[I]));
  }
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) { return M.Ranked[A] < M.Ranked[B]; });
  std::sort(M.Ranked.begin(), M.Ranked.end());
  if (!O.Database.empty()) T.Deps.insert(O.Database);
  for (size_t Rank = 0; Rank < Order.size(); ++Rank) {
    UnitOutcome& U = Outcomes[Order[Rank]];
    T.Deps.insert(U.Deps.begin(), U.Deps.end());
    if (U.Status != UnitOutcome::Rewritten) continue;
    UnitResult& R = U.Final;
    if (!R.Outputs.empty()) T.Rewrote.push_back(Units[Order[Rank]]);
    for (auto& [Abs, Out] : R.Outputs)
      M.ByFile[Abs][joinKey(Rank, std::min(Out.Command, MaxCommandsPerUnit - 1))] = std::move(Out);
    for (auto& [Abs, Later] : R.LaterOutputs)
      for (FileOutput& Out : Later)
        if (Out.Command < MaxCommandsPerUnit) M.ByFile[Abs][joinKey(Rank, Out.Command)] = std::move(Out);
    if (R.CommandMacros.size() > 1) M.CommandMacros[Rank] = R.CommandMacros;
    M.Defined.insert(R.Defined.begin(), R.Defined.end());
    M.DefinedIf.insert(R.DefinedIf.begin(), R.DefinedIf.end());
    M.Unanchored.insert(R.Unanchored.begin(), R.Unanchored.end());
    T.Rep->merge(*R.Entries);
  }
  std::sort(T.Rewrote.begin(), T.Rewrote.end());
  return M;
}

// Each file's rewrites by several units joined into one text (JoinRewrites.h).
void joinFiles(const Options& O, const Merged& M, const std::set<std::string>& Named, Tree& T) {
  // A unit is told apart by its main file, and a unit's commands by the
  // macros they define differently (commandCondition).
  auto Condition = [&](size_t Key) -> std::optional<std::string> {
    size_t Command = Key % MaxCommandsPerUnit;
    std::string Unit = unitCondition(displayPath(O, M.Ranked[rankOf(Key)]));
    auto Commands = M.CommandMacros.find(rankOf(Key));
    std::optional<std::string> Apart;
    if (Commands != M.CommandMacros.end()) Apart = commandCondition(Commands->second, Command);
    if (Apart) return Unit + " && " + *Apart;
    return Command ? std::nullopt : std::optional(Unit);  // the unit's other commands keep the first's text
  };
  std::set<size_t> Conditioned;
  for (const auto& [Abs, ByUnit] : M.ByFile) {
    for (const auto& [Rank, Out] : ByUnit)
      T.TwinLines[Abs].insert(T.TwinLines[Abs].end(), Out.Spans.begin(), Out.Spans.end());
    std::pair<size_t, size_t> Conflict;
    if (std::optional<std::string> Text = joinRewrites(ByUnit, &Conflict, Condition, &Conditioned)) {
      T.Outputs[Abs] = std::move(*Text);
      continue;
    }
    T.Outputs[Abs] = ByUnit.begin()->second.Text;
    T.Rep->note(displayPath(O, Abs) + ": rewritten differently by " + displayPath(O, M.Ranked[rankOf(Conflict.first)]) +
                " and " + displayPath(O, M.Ranked[rankOf(Conflict.second)]) +
                " (they see it under different macros or declarations); the rewrite of the first is used, so "
                "calls in code only the second unit compiles may run as written");
  }
  // Each unit a condition names defines CASSETTE_UNIT at the top of its main
  // file (read from disk when nothing else in it was rewritten).
  std::set<std::string> Mains = Named;
  for (size_t Key : Conditioned) Mains.insert(M.Ranked[rankOf(Key)]);
  for (const std::string& Main : Mains) {
    auto Out = T.Outputs.find(Main);
    if (Out == T.Outputs.end()) {
      auto Buffer = llvm::MemoryBuffer::getFile(Main);
      if (!Buffer) continue;  // the condition stays false: the unit keeps the first unit's text
      Out = T.Outputs.emplace(Main, "#line 1\n" + (*Buffer)->getBuffer().str()).first;
    }
    // Its commands' macros, where several compile it (commandCondition).
    std::vector<std::vector<std::pair<std::string, bool>>> Commands;
    if (auto Rank = std::lower_bound(M.Ranked.begin(), M.Ranked.end(), Main); Rank != M.Ranked.end() && *Rank == Main)
      if (auto C = M.CommandMacros.find(Rank - M.Ranked.begin()); C != M.CommandMacros.end()) Commands = C->second;
    Out->second = unitMarker(displayPath(O, Main), Commands) + Out->second;
  }
}

// Every unit has been read: a call of a function declared under --root
// reaches its twin only if some unit defined it there; otherwise the callee
// is a primitive (its definition is outside --root). A unit that defines it
// but cannot anchor it for other files says why.
void resolveMarkers(const Options& O, const Merged& M, Tree& T) {
  auto IsDefined = [&](const std::string& Key) {
    if (M.Defined.count(Key)) return true;
    auto [From, To] = M.DefinedIf.equal_range(Key);
    return std::any_of(From, To, [&](const auto& KV) { return M.Defined.count(KV.second) > 0; });
  };
  std::map<std::string, unsigned> NotDefined;
  std::map<std::pair<std::string, std::string>, unsigned> NotAnchored;
  for (auto& [Abs, Text] : T.Outputs)
    Text = resolveTwinMarkers(
        Text, [&](const std::string& Key) { return IsDefined(markerDefinitionKey(Key)); },
        [&](const std::string& Key) {
          if (markerName(Key).empty()) return;  // not a call site
          auto U = M.Unanchored.find(markerDefinitionKey(Key));
          if (U != M.Unanchored.end()) ++NotAnchored[{markerName(Key), U->second}];
          else ++NotDefined[markerName(Key)];
        });
  for (const auto& [Name, Calls] : NotDefined)
    T.Rep->note(Name + ": declared under --root but not defined in any unit under it" +
                (O.KeptAsWritten.empty() ? "" : " (or defined in a file kept as written)") + "; " +
                std::to_string(Calls) + " call site(s) run it as a primitive");
  for (const auto& [What, Calls] : NotAnchored)
    T.Rep->note(What.first + ": defined under --root, but its twin cannot be reached from other files (" + What.second +
                "); " + std::to_string(Calls) + " call site(s) there run it as a primitive");
}

// A unit passed through is built as it is written, with its own standard:
// the rewritten headers it includes hide their twins below C++20.
void notePassedThrough(const Options& O, const std::string& F, const UnitOutcome& U, Tree& T) {
  std::set<std::string> Rewritten;
  for (const std::string& D : U.OwnDeps) {
    llvm::SmallString<256> Real;
    if (!fs::real_path(D, Real) && T.Outputs.count(std::string(Real))) Rewritten.insert(displayPath(O, Real));
  }
  const std::vector<std::string>& Errors = U.RaisedErrors;
  const size_t Shown = 3;
  std::vector<std::string> First(Errors.begin(), Errors.begin() + std::min(Shown, Errors.size()));
  std::string More = Errors.size() > Shown ? " (and " + std::to_string(Errors.size() - Shown) + " more)" : "";
  T.Rep->note(displayPath(O, F) + ": does not compile as C++20 (" + U.Raise.Command +
              "): passed through unchanged, its functions are primitives; under " + U.Raise.Raised + ": " +
              llvm::join(First, "; ") + More +
              (Rewritten.empty() ? "; it includes no rewritten file: build it with " + U.Raise.Own + ", or fix it"
                                 : "; build it with " + U.Raise.Own + ": the rewritten files it includes (" +
                                       llvm::join(Rewritten, ", ") +
                                       ") hide their twins below C++20 (.cassette-project.cmake sets that standard)"));
  T.OwnStandards[displayPath(O, F)] = U.Raise.Own;  // raised to C++20 by the project include, it would fail
}

// Cassette asks a pass to be "relatively pure"; here it is checked: a
// function that several units see (in a header) must get the same edits
// from a pass in each. False after an error (printed).
bool samePassEdits(const Options& O, const std::vector<std::string>& Units, const std::vector<UnitOutcome>& Outcomes) {
  if (!O.Passes) return true;
  std::vector<size_t> Order(Units.size());
  for (size_t I = 0; I < Order.size(); ++I) Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) { return Units[A] < Units[B]; });
  std::map<std::pair<std::string, std::string>, std::pair<size_t, const std::pair<std::string, std::string>*>> First;
  for (size_t I : Order)
    for (const auto& [Key, Seen] : Outcomes[I].Final.PassFingerprints) {
      auto [It, New] = First.try_emplace(Key, I, &Seen);
      if (New || It->second.second->second == Seen.second) continue;
      const std::string& Name = Seen.first;
      // "f (inc.hpp:3)": the function's place leads the line, clang-style.
      size_t Open = Name.rfind(" (");
      std::string Where = Open == std::string::npos ? "" : Name.substr(Open + 2, Name.size() - Open - 3) + ":1: ";
      llvm::errs() << (Where.empty() ? "cassette-rewrite: " : Where) << "error: pass '" << Key.first << "' edits '"
                   << Name.substr(0, Open) << "' differently in " << displayPath(O, Units[It->second.first]) << " and "
                   << displayPath(O, Units[I])
                   << " (a pass must give a function the same edits in every unit that sees it); nothing was written "
                      "to "
                   << O.OutDir << "\n";
      return false;
    }
  return true;
}

// Stage 3. The outcomes resolved across units into what the out-dir gets.
// Null when a unit did not compile (printed).
std::optional<Tree> resolve(const Options& O, const std::vector<std::string>& Units, std::vector<UnitOutcome>& Outcomes,
                            const HeaderExpansion& Headers) {
  std::vector<std::string> Failed, PassFailed;
  for (size_t I = 0; I < Units.size(); ++I)
    if (Outcomes[I].Status == UnitOutcome::Failed) (Outcomes[I].PassFailed ? PassFailed : Failed).push_back(Units[I]);
  if (Failed.empty() && !PassFailed.empty()) {
    std::sort(PassFailed.begin(), PassFailed.end());
    llvm::errs() << "cassette-rewrite: error: passes failed in " << PassFailed.size() << " of " << Units.size()
                 << " translation units (" << llvm::join(PassFailed, ", ") << "); nothing was written to " << O.OutDir
                 << "\n";
    return std::nullopt;
  }
  Failed.insert(Failed.end(), PassFailed.begin(), PassFailed.end());
  if (!Failed.empty()) {
    std::sort(Failed.begin(), Failed.end());
    llvm::errs() << "cassette-rewrite: error: " << Failed.size() << " of " << Units.size()
                 << " translation units did not compile (" << llvm::join(Failed, ", ") << "); nothing was written to "
                 << O.OutDir << "\n";
    return std::nullopt;
  }
  if (!samePassEdits(O, Units, Outcomes)) return std::nullopt;
  Tree T;
  T.Rep->setBuiltinOperators(O.BuiltinOperators);
  if (O.Passes) {
    std::vector<std::pair<std::string, std::string>> Passes;
    for (const LoadedPass& P : O.Passes->Passes) Passes.emplace_back(P.Name, P.Plugin);
    T.Rep->setPasses(std::move(Passes));
  }
  Merged M = mergeUnits(O, Units, Outcomes, T);
  joinFiles(O, M, Headers.Named, T);
  resolveMarkers(O, M, T);
  for (size_t I = 0; I < Units.size(); ++I)
    if (Outcomes[I].Status == UnitOutcome::PassedThrough) notePassedThrough(O, Units[I], Outcomes[I], T);
  for (const auto& [Kept, Why] : O.KeptAsWritten)
    T.Rep->note(displayPath(O, Kept) + ": kept as written (" + Why +
                "): its functions have no twins and run as primitives");
  return T;
}

enum class Verdict { Write, RewriteAgain, Fail };

// Stage 4, the safety net: every rewritten unit must compile. A twin that
// causes an error is taken away (O.Excluded: its function runs as a
// primitive, reported with the error) and the tree rewritten again.
Verdict check(const clang::tooling::CompilationDatabase& DB, Options& O, const Tree& T, unsigned Round) {
  CheckResult Check = checkRewritten(DB, O, T.Rewrote, T.Outputs, T.TwinLines);
  size_t Before = O.Excluded.size();
  for (const auto& [Key, Error] : Check.Exclude)
    if (O.Excluded.emplace(Key, Error).second)
      llvm::errs() << "cassette-rewrite: note: the twin of " << Check.Names[Key]
                   << " does not compile; rewriting without it:\n  " << Error << "\n";
  size_t KeptBefore = O.KeptAsWritten.size();
  for (const auto& [File, Error] : Check.Keep)
    if (O.KeptAsWritten.emplace(File, "its rewrite does not compile: " + Error).second)
      llvm::errs() << "cassette-rewrite: note: " << displayPath(O, File)
                   << " does not compile rewritten, outside any twin; keeping it as written:\n  " << Error << "\n";
  bool Progress = O.Excluded.size() > Before || O.KeptAsWritten.size() > KeptBefore;
  if (Check.Unplaced.empty() && !Progress) return Verdict::Write;
  if (Progress && Round + 1 < MaxCheckRounds) return Verdict::RewriteAgain;
  std::vector<std::string> Shown;
  for (const auto& [Unit, Error] : Check.Unplaced) Shown.push_back(Unit + ": " + Error);
  for (const auto& [Key, Error] : Check.Exclude) Shown.push_back(Error);
  llvm::errs() << "cassette-rewrite: error: the rewritten tree does not compile and no twin could be taken away "
                  "to fix it ("
               << llvm::join(Shown, "; ") << "); nothing was written to " << O.OutDir
               << ". The check parses each unit with its own command, C++20 and -I" << O.RuntimeDir
               << ": a header only your build finds (the context header) needs --extra-arg=-I<dir> or its path "
                  "in --context-header; otherwise please report it. --no-check writes the tree unchecked\n";
  return Verdict::Fail;
}

}  // namespace

int run(const clang::tooling::CompilationDatabase& DB, const Options& Given) {
  Options O = Given;  // the check adds to O.Excluded between rounds
  std::optional<std::vector<std::string>> Units = collectUnits(DB, O);
  if (!Units) return 1;
  O.ContextIncludes = treeFilesTheContextHeaderIncludes(DB, O, *Units);
  for (const std::string& U : *Units)
    if (distinctCommandCount(DB, U) > 1) O.MainFilesOfSeveralCommands.insert(realPathOr(U));
  std::optional<HeaderExpansion> Headers;  // decided in the first round
  std::vector<std::string> HeaderNotes;
  for (unsigned Round = 0;; ++Round) {
    std::vector<UnitOutcome> Outcomes = rewriteUnitsExpandingHeaders(DB, O, *Units, Headers, HeaderNotes);
    std::optional<Tree> T = resolve(O, *Units, Outcomes, *Headers);
    if (!T) return 1;
    for (const auto& [Macro, Where] : Headers->Expanded) T->Rep->expanded(Macro, Where);
    for (const std::string& Note : HeaderNotes) T->Rep->note(Note);
    Verdict V = O.CheckOutput ? check(DB, O, *T, Round) : Verdict::Write;
    if (V == Verdict::Fail) return 1;
    if (V == Verdict::RewriteAgain) continue;
    // Stage 5.
    if (!commitOutDir(O, std::move(T->Outputs), *T->Rep, T->Deps, T->OwnStandards)) return 1;
    llvm::errs() << T->Rep->summary();
    return 0;
  }
}

}  // namespace cassette::rewrite

// Macro uses replaced by their expansion. What a macro's body spells (a call,
// a function, a class) has no place in the file to edit, so it is left as
// written; replacing the use of the macro by the tokens it expands to gives
// it one. A unit in which something was left as written because of a macro
// is rewritten a second time over its main file with those uses expanded.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "Macros.h"
#include "Report.h"
#include "RewriteEnv.h"
#include "clang/Tooling/Syntax/Tokens.h"

namespace cassette::rewrite {

/// A macro use to replace by its expansion.
struct ExpandedUse {
  unsigned Begin = 0, End = 0;  // the use as written in its file
  std::string Text;             // the tokens it expands to, on one line
  std::string Macro;
  Location Where;
  /// It took values of `__COUNTER__` (Text begins by taking as many: see
  /// CASSETTE_COUNTER_TAKEN in rt/unit.hpp).
  bool TakesCounter = false;
};

/// What macro expansion needs of a unit's tokens, recorded while it is
/// parsed: each outermost use of a macro written outside the system headers
/// (as syntax::TokenBuffer's mappings count them: not one inside another's
/// arguments, nor in a directive), with the tokens it expanded to. The token
/// buffer keeps every token of the unit, spelled and expanded, and lexes
/// every file again to build them: on pugixml.cpp, 6 of the rewriter's 169
/// MB and a twentieth of its time.
class ExpansionRecord {
 public:
  struct Use {
    unsigned Begin = 0, End = 0;  // the use as written: its name to the end of its last token
    std::vector<clang::syntax::Token> Expanded;
    /// The `_Pragma("...")` operators it ran, as written, each before the
    /// token of Expanded at its index: the preprocessor consumes them, so no
    /// token says them.
    std::vector<std::pair<size_t, std::string>> Pragmas;
    /// It expanded to what text cannot say: a _Pragma whose string is not
    /// written as one literal, or one that became tokens of its own (an
    /// annotation: `_Pragma("omp ...")`, `_Pragma("clang loop ...")`).
    bool Opaque = false;
  };
  /// Starts recording (before the unit is parsed). One per preprocessor: it
  /// takes the preprocessor's only token watcher, and gives each token to
  /// Next too (if any).
  void attach(clang::Preprocessor& PP, std::function<void(const clang::Token&)> Next = nullptr);
  /// The use whose name begins at Offset of F (null if none).
  const Use* at(clang::FileID F, unsigned Offset) const;
  /// Every use in F, by offset.
  const std::map<unsigned, Use>& in(clang::FileID F) const;
  /// Whether F gave the unit a token (as its expansion location): a header
  /// that gives none (all comments, or its macros expand to nothing:
  /// spdlog's tweakme.h) has nothing to expand.
  bool gaveTokens(clang::FileID F) const { return WithTokens.count(F) > 0; }

 private:
  friend class ExpansionWatcher;
  std::map<clang::FileID, std::map<unsigned, Use>> Uses;
  std::set<clang::FileID> WithTokens;
};

/// The uses at Offsets of F (in Env.MacroUses) that can be replaced by their
/// expansion, ascending.
std::vector<ExpandedUse> expandableUses(TUEnv& Env, const ExpansionRecord& Record, const MacroRecord& Macros,
                                        clang::FileID F, const std::set<unsigned>& Offsets);
/// Every use in F that could be replaced, by offset, with a hash of where it
/// ends and what it expands to: the units that read a header must agree on
/// a use (the same macros, the same definitions) before it is expanded there.
std::map<unsigned, size_t> expansionFingerprints(TUEnv& Env, const ExpansionRecord& Record, const MacroRecord& Macros,
                                                 clang::FileID F);
/// Buffer with Uses (ascending, not overlapping) replaced. Each use keeps its
/// lines (the expansion on the first, blank lines after), so the rest of the
/// file keeps its line numbers.
std::string withExpansions(llvm::StringRef Buffer, const std::vector<ExpandedUse>& Uses);
/// One macro use that the units reading a header, or the commands compiling
/// a main file, expand differently (a test defines FMT_ASSERT before
/// including fmt's core.h; doctest's tests are also built with
/// DOCTEST_CONFIG_DISABLE): what each of them (by key: a unit, a command)
/// expands it to; one not listed reads it as written.
struct SplitUse {
  unsigned Begin = 0, End = 0;  // the widest of its spellings
  std::map<size_t, ExpandedUse> ByKey;
};
/// Which of the uses Asked (by where they begin, then by key: the text that
/// key asked for) every key in Keys expands alike (kept: expanded for all)
/// and which they do not (split). A key that did not ask for a use has the
/// text of another's whose fingerprint (expansionFingerprints) Print gives
/// for it there; one whose fingerprint matches none, or that has none there,
/// reads the use as written. A use inside an earlier one is left out.
std::pair<std::vector<ExpandedUse>, std::vector<SplitUse>> decideExpansions(
    const std::map<unsigned, std::map<size_t, ExpandedUse>>& Asked, const std::vector<size_t>& Keys,
    const std::function<std::optional<size_t>(size_t Key, unsigned Begin)>& Print);
/// Buffer with Kept expanded and the lines of each split use once per
/// distinct text, under `#if <Condition(key)> || ...` of the keys that read
/// it so (taken in the order Before gives), as written under #else
/// (JoinRewrites.h's linesByUnit).
std::string withBranches(llvm::StringRef Buffer, const std::vector<ExpandedUse>& Kept,
                         const std::vector<SplitUse>& Split, const std::function<bool(size_t, size_t)>& Before,
                         const std::function<std::string(size_t)>& Condition);
/// The line of the file as written that each line of Text shows (index: the
/// line's number - 1): Text's own bare `#line N` directives (the branches
/// of a use that units or commands expand differently, JoinRewrites.h's
/// linesByUnit) renumber the lines after them. Empty when it has none: each
/// line is itself. A `#line` naming a file is the program's own and is left
/// alone: its lines are the generated file's.
std::vector<unsigned> writtenLines(llvm::StringRef Text);
/// Line (of Text, from 1) as writtenLines(Text) gives it.
inline unsigned writtenLine(const std::vector<unsigned>& Lines, unsigned Line) {
  return Line >= 1 && Line <= Lines.size() ? Lines[Line - 1] : Line;
}

}  // namespace cassette::rewrite

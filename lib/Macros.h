// What the preprocessor did with macro arguments, recorded while a
// translation unit is parsed, so that a call written in a macro argument can
// be rewritten in place: editing an argument's spelling edits every use the
// macro makes of it, which is right only when the macro expands that argument
// exactly once and neither stringizes (`#x`) nor pastes (`x##y`) it.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "EditSet.h"
#include "SkipReasons.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

namespace cassette::rewrite {

class MacroRecord {
 public:
  /// Starts recording (before the unit is parsed).
  void attach(clang::Preprocessor& PP);

  /// Why no byte of [R) in F may be edited: it is written in an argument that
  /// some macro expands more than once, stringizes or pastes. None if it may.
  std::optional<SkipReason> unsafe(clang::FileID F, ByteRange R) const;

  /// A macro used in a file (not a system header), outside any other
  /// macro's expansion.
  struct Use {
    std::string Name;
    clang::SourceLocation Definition;
  };
  /// The macro whose use begins at Offset of F (null if none).
  const Use* useAt(clang::FileID F, unsigned Offset) const;
  /// Whether a macro of that name was expanded anywhere in the unit: an
  /// identifier so named left in an expansion (`#define isnan std::isnan`)
  /// was not expanded again there, but would be where the expansion is
  /// written as text.
  bool expandedAnywhere(llvm::StringRef Name) const { return ExpandedNames.count(Name.str()) > 0; }
  /// How many values of `__COUNTER__` were taken in [R) of F (by macros
  /// used there, or written there), other than by CASSETTE_COUNTER_TAKEN.
  /// A copy of that text (a twin) would take numbers the original does
  /// not, and the uses after it other numbers than the rewriter saw.
  unsigned countersTaken(clang::FileID F, ByteRange R) const;
  /// The uses of CASSETTE_COUNTER_TAKEN in [R) of F (MacroExpansion.h): a
  /// copy of that text leaves them out.
  std::vector<ByteRange> counterTakenUses(clang::FileID F, ByteRange R) const;
  /// The byte ranges of F the preprocessor skipped (the branches of #if not
  /// taken, each from its directive to the one that ends it), in order.
  std::vector<ByteRange> skipped(clang::FileID F) const;
  /// Whether file From brings in file To through its #include directives,
  /// directly or through the files those include. Every directive counts,
  /// also one whose file an include guard skipped in this unit: the answer
  /// does not depend on what the unit included first.
  bool includes(const clang::FileEntry* From, const clang::FileEntry* To) const;

 private:
  friend class MacroArgumentUses;
  // File offsets of the tokens written in such arguments, with the reason.
  std::map<clang::FileID, std::map<unsigned, SkipReason>> Unsafe;
  std::map<clang::FileID, std::map<unsigned, Use>> Uses;
  std::set<std::string> ExpandedNames;
  std::map<clang::FileID, std::vector<ByteRange>> Skipped;
  std::map<const clang::FileEntry*, std::set<const clang::FileEntry*>> Includes;
  // Where each __COUNTER__ was taken (its expansion location), and the
  // uses of CASSETTE_COUNTER_TAKEN (begin -> end).
  std::map<clang::FileID, std::multiset<unsigned>> Counters;
  std::map<clang::FileID, std::map<unsigned, unsigned>> TakenUses;
};

/// The file range of R when every token of it is written in one argument of
/// one use of a macro (following arguments passed on to nested macros), that
/// argument being written in F. Says nothing about how the macro uses it.
std::optional<ByteRange> macroArgumentRange(const clang::SourceManager& SM, const clang::LangOptions& LO,
                                            clang::SourceRange R, clang::FileID F);

}  // namespace cassette::rewrite

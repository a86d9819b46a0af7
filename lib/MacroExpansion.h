// Macro uses replaced by their expansion. What a macro's body spells (a call,
// a function, a class) has no place in the file to edit, so it is left as
// written; replacing the use of the macro by the tokens it expands to gives
// it one. A unit in which something was left as written because of a macro
// is rewritten a second time over its main file with those uses expanded.
#pragma once

#include <map>
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
};

/// The files the token buffer has tokens of: those that gave the unit a
/// token. A header that gives none (all comments, or its macros expand to
/// nothing: spdlog's tweakme.h) is not in it, and asking the buffer about
/// it is undefined (clang's assertion, a crash in a release build).
std::set<clang::FileID> filesWithTokens(const clang::SourceManager& SM, const clang::syntax::TokenBuffer& Tokens);
/// The uses at Offsets of F (in Env.MacroUses) that can be replaced by their
/// expansion, ascending. F must be one of filesWithTokens.
std::vector<ExpandedUse> expandableUses(TUEnv& Env, const clang::syntax::TokenBuffer& Tokens, const MacroRecord& Macros,
                                        clang::FileID F, const std::set<unsigned>& Offsets);
/// Every use in F that could be replaced, by offset, with a hash of where it
/// ends and what it expands to: the units that read a header must agree on
/// a use (the same macros, the same definitions) before it is expanded there.
/// F must be one of filesWithTokens.
std::map<unsigned, size_t> expansionFingerprints(TUEnv& Env, const clang::syntax::TokenBuffer& Tokens,
                                                 const MacroRecord& Macros, clang::FileID F);
/// Buffer with Uses (ascending, not overlapping) replaced. Each use keeps its
/// lines (the expansion on the first, blank lines after), so the rest of the
/// file keeps its line numbers.
std::string withExpansions(llvm::StringRef Buffer, const std::vector<ExpandedUse>& Uses);

}  // namespace cassette::rewrite

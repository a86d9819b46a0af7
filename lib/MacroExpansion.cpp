#include "MacroExpansion.h"

#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cassette::rewrite {

void TUEnv::skipped(const std::string& What, const WhyNot& Why, SourceRange Where) {
  Rep.skipped(What, Why, location(Where.getBegin()));
  if (!Opts.ExpandMacros || Why.category() != SkipCategory::Macro) return;
  for (SourceLocation L : {Where.getBegin(), Where.getEnd()}) {
    if (!L.isMacroID()) continue;
    SourceLocation Use = SM.getExpansionRange(L).getBegin();  // the outermost macro's name
    if (!Use.isFileID()) continue;
    auto [F, Offset] = SM.getDecomposedLoc(Use);
    if (F == SM.getMainFileID() || inRootFile(F)) MacroUses[F].insert(Offset);
  }
}

namespace {

/// The tokens a macro use expands to, as text on one line; empty when they
/// cannot stand as text (a `_Pragma` becomes an annotation, not a token).
/// What `__FILE__` expanded to stays `__FILE__`: the file the build compiles
/// (the out-dir's, or a copy a build makes of it under another name) names
/// itself, as the original did; `__LINE__` keeps its value (the use's lines
/// are kept).
std::string expansionText(const SourceManager& SM, const LangOptions& LO, llvm::ArrayRef<syntax::Token> Expanded) {
  std::string Text;
  for (const syntax::Token& T : Expanded) {
    if (tok::isAnnotation(T.kind()) || T.kind() == tok::eof) return "";
    llvm::StringRef S = T.text(SM);
    if (T.kind() == tok::string_literal && T.location().isMacroID()) {
      llvm::StringRef Macro = Lexer::getImmediateMacroName(T.location(), SM, LO);
      if (Macro == "__FILE__" || Macro == "__FILE_NAME__" || Macro == "__BASE_FILE__") S = Macro;
    }
    if (!Text.empty()) Text += ' ';  // never joins two tokens into one, nor splits one
    // A line splice inside a token is not part of it.
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] == '\\' && I + 1 < S.size() && (S[I + 1] == '\n' || S[I + 1] == '\r')) {
        I += S[I + 1] == '\r' && I + 2 < S.size() && S[I + 2] == '\n' ? 2 : 1;
        continue;
      }
      Text += S[I];
    }
  }
  return Text;
}

bool definedInAFile(const SourceManager& SM, SourceLocation Definition) {
  return SM.getFileEntryRefForID(SM.getFileID(SM.getSpellingLoc(Definition))).has_value();
}

}  // namespace

namespace {

/// The use of a macro whose name is the spelled token Name, if it may be
/// expanded: a macro of the project or of a header it includes (a test
/// framework's EXPECT_EQ, assert), whose expansion names only what that
/// header declares for its users, in the same build. Not one defined by the
/// compiler or on the command line (no file declares what it names), nor
/// Cassette's own (CASSETTE_FN: what they spell is the runtime's, meant to
/// run as written).
std::optional<ExpandedUse> expandable(TUEnv& Env, const syntax::TokenBuffer& Tokens, const MacroRecord& Macros,
                                      FileID F, const syntax::Token* Name) {
  const SourceManager& SM = Env.SM;
  const MacroRecord::Use* Use = Macros.useAt(F, SM.getFileOffset(Name->location()));
  if (!Use || Use->Definition.isInvalid() || !definedInAFile(SM, Use->Definition) ||
      llvm::StringRef(Use->Name).starts_with("CASSETTE_"))
    return std::nullopt;
  std::optional<syntax::TokenBuffer::Expansion> E = Tokens.expansionStartingAt(Name);
  if (!E || E->Spelled.empty()) return std::nullopt;
  // A macro's name its expansion leaves (`#define isnan std::isnan`) would
  // be expanded again where the expansion is written: `std::std::isnan`.
  for (const syntax::Token& T : E->Expanded)
    if (T.kind() == tok::identifier && Macros.expandedAnywhere(T.text(SM))) return std::nullopt;
  std::string Text = expansionText(SM, Env.LO, E->Expanded);
  if (Text.empty() && !E->Expanded.empty()) return std::nullopt;
  unsigned Begin = SM.getFileOffset(E->Spelled.front().location());
  unsigned End = SM.getFileOffset(E->Spelled.back().endLocation());
  // The use's lines stay lines: the expansion on the first, then the
  // newlines the use spanned. A token with a newline of its own (a raw
  // string) would move what follows: such a use stays as written.
  llvm::StringRef Buffer = SM.getBufferData(F);
  if (llvm::StringRef(Text).count('\n') > Buffer.slice(Begin, End).count('\n')) return std::nullopt;
  return ExpandedUse{Begin, End, std::move(Text), Use->Name, Env.location(Name->location())};
}

}  // namespace

std::set<FileID> filesWithTokens(const SourceManager& SM, const syntax::TokenBuffer& Tokens) {
  // As the buffer keys its files: by each expanded token's expansion location.
  std::set<FileID> Files;
  FileID Last;
  for (const syntax::Token& T : Tokens.expandedTokens()) {
    if (T.location().isInvalid()) continue;
    FileID F = SM.getFileID(SM.getExpansionLoc(T.location()));
    if (F != Last) Files.insert(Last = F);
  }
  return Files;
}

std::vector<ExpandedUse> expandableUses(TUEnv& Env, const syntax::TokenBuffer& Tokens, const MacroRecord& Macros,
                                        FileID F, const std::set<unsigned>& Offsets) {
  std::vector<ExpandedUse> Out;
  unsigned Cursor = 0;
  for (unsigned Offset : Offsets) {  // ascending; outermost uses never overlap
    if (Offset < Cursor) continue;
    const syntax::Token* Name = Tokens.spelledTokenContaining(Env.SM.getComposedLoc(F, Offset));
    if (!Name) continue;
    if (std::optional<ExpandedUse> U = expandable(Env, Tokens, Macros, F, Name)) {
      Cursor = U->End;
      Out.push_back(std::move(*U));
    }
  }
  return Out;
}

std::map<unsigned, size_t> expansionFingerprints(TUEnv& Env, const syntax::TokenBuffer& Tokens,
                                                 const MacroRecord& Macros, FileID F) {
  std::map<unsigned, size_t> Out;
  for (const syntax::Token* Name : Tokens.macroExpansions(F))
    if (std::optional<ExpandedUse> U = expandable(Env, Tokens, Macros, F, Name))
      Out[U->Begin] = llvm::hash_combine(U->End, U->Text);
  return Out;
}

std::string withExpansions(llvm::StringRef Buffer, const std::vector<ExpandedUse>& Uses) {
  std::string Out;
  unsigned Cursor = 0;
  for (const ExpandedUse& U : Uses) {
    Out.append(Buffer.data() + Cursor, U.Begin - Cursor);
    Out += U.Text;
    Out.append(Buffer.slice(U.Begin, U.End).count('\n') - llvm::StringRef(U.Text).count('\n'), '\n');
    Cursor = U.End;
  }
  Out.append(Buffer.data() + Cursor, Buffer.size() - Cursor);
  return Out;
}

}  // namespace cassette::rewrite

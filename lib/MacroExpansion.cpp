#include "MacroExpansion.h"

#include <algorithm>
#include <optional>

#include "JoinRewrites.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cassette::rewrite {

void TUEnv::skipped(const std::string& What, const WhyNot& Why, SourceRange Where) {
  Rep.skipped(What, Why, location(Where.getBegin()));
  if (Why.category() != SkipCategory::Macro) return;
  for (SourceLocation L : {Where.getBegin(), Where.getEnd()}) expandLater(L);
}

void TUEnv::expandLater(SourceLocation L) {
  if (!Opts.ExpandMacros || !L.isMacroID()) return;
  SourceLocation Use = SM.getExpansionRange(L).getBegin();  // the outermost macro's name
  if (!Use.isFileID()) return;
  auto [F, Offset] = SM.getDecomposedLoc(Use);
  if (F == SM.getMainFileID() || inRootFile(F)) MacroUses[F].insert(Offset);
}

namespace {

/// The tokens a macro use expands to, as text on one line, with the
/// `_Pragma` operators it ran where they ran (empty when they cannot stand as
/// text). What `__FILE__` expanded to stays `__FILE__`: the file the build
/// compiles (the out-dir's, or a copy a build makes of it under another name)
/// names itself, as the original did; `__LINE__` keeps its value (the use's
/// lines are kept).
std::string expansionText(const SourceManager& SM, const LangOptions& LO, const ExpansionRecord::Use& U) {
  std::string Text;
  auto Pragma = U.Pragmas.begin();
  auto PragmasBefore = [&](size_t Index) {
    for (; Pragma != U.Pragmas.end() && Pragma->first == Index; ++Pragma)
      Text += (Text.empty() ? "" : " ") + Pragma->second;
  };
  for (size_t Index = 0; Index < U.Expanded.size(); ++Index) {
    PragmasBefore(Index);
    const syntax::Token& T = U.Expanded[Index];
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
  PragmasBefore(U.Expanded.size());
  return Text;
}

/// `_Pragma("...")` as written at At (where a macro's body or argument spells
/// the operator), if its string is one literal there.
std::optional<std::string> pragmaOperator(const SourceManager& SM, const LangOptions& LO, SourceLocation At) {
  auto [F, Offset] = SM.getDecomposedLoc(At);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(F, &Invalid);
  if (Invalid || Offset >= Buffer.size()) return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(F), LO, Buffer.begin(), Buffer.begin() + Offset, Buffer.end());
  std::string Text;
  for (unsigned I = 0; I < 4; ++I) {
    clang::Token T;
    Raw.LexFromRawLexer(T);
    bool Expected = I == 0   ? T.is(tok::raw_identifier) && T.getRawIdentifier() == "_Pragma"
                    : I == 1 ? T.is(tok::l_paren)
                    : I == 2 ? tok::isStringLiteral(T.getKind())
                             : T.is(tok::r_paren);
    if (!Expected) return std::nullopt;
    Text += Lexer::getSpelling(T, SM, LO);
  }
  return Text;
}

/// `_Pragma("...")` of a pragma whose string the macro made (doctest's
/// `#define DOCTEST_PRAGMA_TO_STR(x) _Pragma(#x)`): clang lexes such a pragma
/// from a buffer holding its string destringized, the quotes turned into a
/// space and a newline, which is the current lexer when PragmaDirective runs.
std::optional<std::string> madePragmaOperator(const Preprocessor& PP) {
  // The current lexer, when there is one, is a Lexer (PreprocessorLexer's
  // only kind; CurPPLexer aliases CurLexer).
  const auto* L = static_cast<const Lexer*>(PP.getCurrentLexer());
  if (!L || !L->isPragmaLexer()) return std::nullopt;
  llvm::StringRef Buffer = L->getBuffer();
  const char* At = L->getBufferLocation();
  if (At < Buffer.begin() || At > Buffer.end()) return std::nullopt;
  llvm::StringRef Pragma = Buffer.substr(At - Buffer.begin());
  Pragma = Pragma.take_until([](char C) { return C == '\n' || C == '\0'; }).trim();
  std::string Text = "_Pragma(\"";
  for (char C : Pragma) {
    if (C == '\\' || C == '"') Text += '\\';
    Text += C;
  }
  return Text + "\")";
}

bool definedInAFile(const SourceManager& SM, SourceLocation Definition) {
  return SM.getFileEntryRefForID(SM.getFileID(SM.getSpellingLoc(Definition))).has_value();
}

}  // namespace

namespace {

/// The use U of a macro in F, if it may be expanded: a macro of the project
/// or of a header it includes (a test framework's EXPECT_EQ, assert), whose
/// expansion names only what that header declares for its users, in the
/// same build. Not one defined by the compiler or on the command line (no
/// file declares what it names), nor Cassette's own (CASSETTE_FN: what they
/// spell is the runtime's, meant to run as written).
std::optional<ExpandedUse> expandable(TUEnv& Env, const MacroRecord& Macros, FileID F, const ExpansionRecord::Use& U) {
  const SourceManager& SM = Env.SM;
  const MacroRecord::Use* Use = Macros.useAt(F, U.Begin);
  if (!Use || U.Opaque || Use->Definition.isInvalid() || !definedInAFile(SM, Use->Definition) ||
      llvm::StringRef(Use->Name).starts_with("CASSETTE_"))
    return std::nullopt;
  // A macro's name its expansion leaves (`#define isnan std::isnan`) would
  // be expanded again where the expansion is written: `std::std::isnan`.
  for (const syntax::Token& T : U.Expanded)
    if (T.kind() == tok::identifier && Macros.expandedAnywhere(T.text(SM))) return std::nullopt;
  std::string Text = expansionText(SM, Env.LO, U);
  if (Text.empty() && !U.Expanded.empty()) return std::nullopt;
  // It took values of __COUNTER__, which its expansion says as numbers:
  // where it is written the counter must still advance by as many, or the
  // uses left as written after it take the same numbers again (google
  // benchmark's `benchmark_uniq_4...`: a redefinition).
  unsigned Counters = Macros.countersTaken(F, {U.Begin, U.End});
  if (Counters) {
    std::string Taken = "CASSETTE_COUNTER_TAKEN(";
    for (unsigned I = 0; I < Counters; ++I) Taken += I ? " __COUNTER__" : "__COUNTER__";
    Text = Taken + ") " + Text;
  }
  // The use's lines stay lines: the expansion on the first, then the
  // newlines the use spanned. A token with a newline of its own (a raw
  // string) would move what follows: such a use stays as written.
  llvm::StringRef Buffer = SM.getBufferData(F);
  if (llvm::StringRef(Text).count('\n') > Buffer.slice(U.Begin, U.End).count('\n')) return std::nullopt;
  return ExpandedUse{U.Begin,     U.End, std::move(Text), Use->Name, Env.location(SM.getComposedLoc(F, U.Begin)),
                     Counters > 0};
}

/// Whether Offset of Buffer is in a preprocessor directive: its logical
/// line (physical lines joined where one ends in a backslash) begins with #.
bool inDirective(llvm::StringRef Buffer, unsigned Offset) {
  size_t Start = Offset;
  for (;;) {
    Start = Buffer.rfind('\n', Start);  // the last one before Start
    Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
    // The line before, if it ends in a backslash, is part of this one.
    size_t Before = Start;
    if (Before >= 2 && Buffer[Before - 2] == '\r') --Before;
    if (Start == 0 || Before < 2 || Buffer[Before - 2] != '\\') break;
    Start = Before - 2;
  }
  llvm::StringRef Line = Buffer.substr(Start).ltrim(" \t\f\v");
  return Line.starts_with("#") || Line.starts_with("%:");
}

}  // namespace

// Records what TokenCollector's mappings would say of the outermost uses,
// and no more: the same rule for which use is outermost, the tokens of only
// those uses.
class ExpansionWatcher : public PPCallbacks {
 public:
  ExpansionWatcher(Preprocessor& PP, ExpansionRecord& R)
      : PP(PP), SM(PP.getSourceManager()), LO(PP.getLangOpts()), R(R) {}

  void MacroExpands(const clang::Token&, const MacroDefinition&, SourceRange Range, const MacroArgs*) override {
    // The last token of an outermost use is in a file; a use that ends
    // before the last outermost one does is inside it.
    if (!Range.getEnd().isFileID()) return;
    if (LastEnd.isValid() && !SM.isBeforeInTranslationUnit(LastEnd, Range.getEnd())) return;
    LastEnd = Range.getEnd();
    // `#define A 1 + B` then `A(2)`: B's use begins in A's expansion and
    // ends in the file; the two are one use, from A's name to the `)`.
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    if (SM.isInSystemHeader(Begin)) return;
    auto [F, B] = SM.getDecomposedLoc(Begin);
    auto [EndFile, E] = SM.getDecomposedLoc(Range.getEnd());
    if (EndFile != F || inDirective(SM.getBufferData(F), B)) return;
    ExpansionRecord::Use& U = R.Uses[F][B];
    U.Begin = B;
    U.End = E + Lexer::MeasureTokenLength(Range.getEnd(), SM, LO);
  }

  // A _Pragma the use runs is written back where it ran (it only turns a
  // warning off, most often: Catch2's REQUIRE, doctest's CHECK): as the
  // macro spells it, or, where the macro makes its string, as clang read it.
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) override {
    if (Introducer != PIK__Pragma || !Loc.isMacroID()) return;
    auto [F, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
    ExpansionRecord::Use* U = useAt(F, Offset);
    if (!U) return;
    std::optional<std::string> Text = pragmaOperator(SM, LO, SM.getSpellingLoc(Loc));
    if (!Text) Text = madePragmaOperator(PP);
    if (Text) U->Pragmas.emplace_back(U->Expanded.size(), std::move(*Text));
    else U->Opaque = true;
  }

  // Every token the parser is given.
  void watch(const clang::Token& T) {
    SourceLocation L = T.getLocation();
    if (L.isInvalid()) return;
    SourceLocation At = L.isFileID() ? L : SM.getExpansionLoc(L);
    auto [F, Offset] = SM.getDecomposedLoc(At);
    if (F != LastFile) R.WithTokens.insert(LastFile = F);
    if (L.isFileID()) return;
    ExpansionRecord::Use* U = useAt(F, Offset);
    if (!U) return;
    // An annotation the parser made stands for tokens already seen; one a
    // pragma handler made stands for a pragma no token says.
    if (!T.isAnnotation()) U->Expanded.emplace_back(T);
    else if (tok::isPragmaAnnotation(T.getKind())) U->Opaque = true;
  }

 private:
  const Preprocessor& PP;
  const SourceManager& SM;
  const LangOptions& LO;
  ExpansionRecord& R;
  SourceLocation LastEnd;
  FileID LastFile;
  // The use the last token came from: a use's tokens come in a row.
  FileID CurrentFile;
  unsigned CurrentOffset = 0;
  ExpansionRecord::Use* Current = nullptr;

  ExpansionRecord::Use* useAt(FileID F, unsigned Offset) {
    if (Current && F == CurrentFile && Offset == CurrentOffset) return Current;
    ExpansionRecord::Use* U = const_cast<ExpansionRecord::Use*>(R.at(F, Offset));  // R is ours to fill
    if (!U) return nullptr;
    CurrentFile = F;
    CurrentOffset = Offset;
    return Current = U;
  }
};

void ExpansionRecord::attach(Preprocessor& PP, std::function<void(const clang::Token&)> Next) {
  auto Watcher = std::make_unique<ExpansionWatcher>(PP, *this);
  PP.setTokenWatcher([W = Watcher.get(), Next = std::move(Next)](const clang::Token& T) {
    W->watch(T);
    if (Next) Next(T);
  });
  PP.addPPCallbacks(std::move(Watcher));
}

const ExpansionRecord::Use* ExpansionRecord::at(FileID F, unsigned Offset) const {
  auto File = Uses.find(F);
  if (File == Uses.end()) return nullptr;
  auto It = File->second.find(Offset);
  return It == File->second.end() ? nullptr : &It->second;
}

const std::map<unsigned, ExpansionRecord::Use>& ExpansionRecord::in(FileID F) const {
  static const std::map<unsigned, Use> None;
  auto File = Uses.find(F);
  return File == Uses.end() ? None : File->second;
}

std::vector<ExpandedUse> expandableUses(TUEnv& Env, const ExpansionRecord& Record, const MacroRecord& Macros, FileID F,
                                        const std::set<unsigned>& Offsets) {
  std::vector<ExpandedUse> Out;
  unsigned Cursor = 0;
  for (unsigned Offset : Offsets) {  // ascending; outermost uses never overlap
    if (Offset < Cursor) continue;
    const ExpansionRecord::Use* Recorded = Record.at(F, Offset);
    if (!Recorded) continue;
    if (std::optional<ExpandedUse> U = expandable(Env, Macros, F, *Recorded)) {
      Cursor = U->End;
      Out.push_back(std::move(*U));
    }
  }
  return Out;
}

namespace {
// What expansionFingerprints records of a use: where it ends and its text.
size_t fingerprint(const ExpandedUse& U) { return llvm::hash_combine(U.End, U.Text); }
}  // namespace

std::map<unsigned, size_t> expansionFingerprints(TUEnv& Env, const ExpansionRecord& Record, const MacroRecord& Macros,
                                                 FileID F) {
  std::map<unsigned, size_t> Out;
  for (const auto& [Offset, Recorded] : Record.in(F))
    if (std::optional<ExpandedUse> U = expandable(Env, Macros, F, Recorded)) Out[U->Begin] = fingerprint(*U);
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

std::pair<std::vector<ExpandedUse>, std::vector<SplitUse>> decideExpansions(
    const std::map<unsigned, std::map<size_t, ExpandedUse>>& Asked, const std::vector<size_t>& Keys,
    const std::function<std::optional<size_t>(size_t Key, unsigned Begin)>& Print) {
  std::vector<ExpandedUse> Kept;
  std::vector<SplitUse> Split;
  unsigned Cursor = 0;
  for (const auto& [Begin, ByKey] : Asked) {
    // Every key that sees the use: the text it asked for, or the asked text
    // its fingerprint matches.
    std::map<size_t, const ExpandedUse*> Texts;
    for (const auto& [Key, Use] : ByKey) Texts[Key] = &Use;
    bool Unknown = false;
    for (size_t K : Keys) {
      if (Texts.count(K)) continue;
      std::optional<size_t> P = Print(K, Begin);
      if (!P) continue;
      auto Same =
          std::find_if(ByKey.begin(), ByKey.end(), [&](const auto& KV) { return fingerprint(KV.second) == *P; });
      if (Same == ByKey.end()) Unknown = true;
      else Texts[K] = &Same->second;
    }
    const ExpandedUse& First = *Texts.begin()->second;
    bool Agree = !Unknown && std::all_of(Texts.begin(), Texts.end(), [&](const auto& KV) {
      return KV.second->End == First.End && KV.second->Text == First.Text;
    });
    unsigned End = 0;
    for (const auto& [Key, Use] : Texts) End = std::max(End, Use->End);
    if (Begin < Cursor) continue;  // inside an earlier use
    Cursor = End;
    if (Agree) {
      Kept.push_back(First);
      continue;
    }
    SplitUse S{Begin, End, {}};
    for (const auto& [Key, Use] : Texts) S.ByKey.emplace(Key, *Use);
    Split.push_back(std::move(S));
  }
  return {std::move(Kept), std::move(Split)};
}

namespace {
// Whether the lines Z of Text can stand between `#if` and `#endif`: no
// comment or raw string runs into or out of them, and neither they nor the
// line before them end in a line continuation.
bool directivesFitAround(llvm::StringRef Text, ByteRange Z) {
  llvm::StringRef Lines = Text.slice(Z.Begin, Z.End);
  if (Lines.count("/*") != Lines.count("*/") || Lines.contains("R\"")) return false;
  llvm::StringRef Before = Text.take_front(Z.Begin).rtrim("\r\n");
  return !Lines.rtrim().ends_with("\\") && !Before.ends_with("\\");
}

// Buffer[Z) with Kept and, for Key, its own expansions of Split applied.
std::string linesAsKeyReads(llvm::StringRef Buffer, ByteRange Z, const std::vector<ExpandedUse>& Kept,
                            const std::vector<SplitUse>& Split, std::optional<size_t> Key) {
  std::vector<ExpandedUse> Uses;
  auto Shifted = [&](ExpandedUse U) {
    U.Begin -= Z.Begin, U.End -= Z.Begin;
    Uses.push_back(std::move(U));
  };
  for (const ExpandedUse& U : Kept)
    if (U.Begin >= Z.Begin && U.End <= Z.End) Shifted(U);
  for (const SplitUse& S : Split)
    if (S.Begin >= Z.Begin && S.End <= Z.End && Key && S.ByKey.count(*Key)) Shifted(S.ByKey.at(*Key));
  std::sort(Uses.begin(), Uses.end(), [](const ExpandedUse& A, const ExpandedUse& B) { return A.Begin < B.Begin; });
  return withExpansions(Buffer.slice(Z.Begin, Z.End), Uses);
}
}  // namespace

std::string withBranches(llvm::StringRef Buffer, const std::vector<ExpandedUse>& Kept,
                         const std::vector<SplitUse>& Split, const std::function<bool(size_t, size_t)>& Before,
                         const std::function<std::string(size_t)>& Condition) {
  std::vector<ByteRange> Zones;
  for (const SplitUse& S : Split) {
    ByteRange Z{S.Begin, S.End};
    for (bool Grew = true; Grew;) {  // whole lines, and every kept use they touch
      Grew = false;
      Z = wholeLines(Buffer, Z);
      for (const ExpandedUse& U : Kept)
        if (U.Begin < Z.End && U.End > Z.Begin && (U.Begin < Z.Begin || U.End > Z.End))
          Z = {std::min(Z.Begin, U.Begin), std::max(Z.End, U.End)}, Grew = true;
    }
    if (!Zones.empty() && Z.Begin < Zones.back().End) Zones.back().End = std::max(Zones.back().End, Z.End);
    else Zones.push_back(Z);
  }
  std::string Out;
  unsigned Cursor = 0;
  for (ByteRange Z : Zones) {
    // A body that the last use's line opens (the `{` after `TEST_CASE("x")`)
    // stays out of the branches, on a line of its own at its column: a body
    // that began inside a branch could not be copied into a twin. What
    // closes on the line (`int f() { return M(x); }`) stays in them whole.
    unsigned UsesEnd = Z.Begin;
    for (const SplitUse& S : Split)
      if (S.Begin >= Z.Begin && S.End <= Z.End) UsesEnd = std::max(UsesEnd, S.End);
    for (const ExpandedUse& U : Kept)
      if (U.Begin >= Z.Begin && U.End <= Z.End) UsesEnd = std::max(UsesEnd, U.End);
    std::string Column;
    if (llvm::StringRef Rest = Buffer.slice(UsesEnd, Z.End); Rest.count('{') > Rest.count('}')) {
      size_t LineStart = Buffer.take_front(UsesEnd).rfind('\n');
      Column.assign(UsesEnd - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1), ' ');
      Z.End = UsesEnd;
    }
    Out += linesAsKeyReads(Buffer, {Cursor, Z.Begin}, Kept, {}, std::nullopt);
    Cursor = Z.End;
    std::string AsWritten = linesAsKeyReads(Buffer, Z, Kept, Split, std::nullopt);
    std::vector<size_t> Seeing;
    for (const SplitUse& S : Split)
      if (S.Begin >= Z.Begin && S.End <= Z.End)
        for (const auto& [Key, Use] : S.ByKey) Seeing.push_back(Key);
    std::sort(Seeing.begin(), Seeing.end(), Before);
    Seeing.erase(std::unique(Seeing.begin(), Seeing.end()), Seeing.end());
    std::vector<std::pair<std::string, std::vector<size_t>>> Groups;
    for (size_t Key : Seeing) {
      std::string Text = linesAsKeyReads(Buffer, Z, Kept, Split, Key);
      auto G = std::find_if(Groups.begin(), Groups.end(), [&](const auto& P) { return P.first == Text; });
      if (G == Groups.end()) Groups.push_back({Text, {Key}});
      else G->second.push_back(Key);
    }
    std::vector<std::pair<std::string, std::string>> Branches;
    for (const auto& [Text, Members] : Groups) {
      if (Text == AsWritten) continue;
      std::string Test;
      for (size_t Key : Members) Test += (Test.empty() ? "" : " || ") + Condition(Key);
      Branches.push_back({Test, Text});
    }
    Out += Branches.empty() || !directivesFitAround(Buffer, Z)
               ? AsWritten
               : linesByUnit(Branches, AsWritten, presumedLine(Buffer, Z.Begin), presumedLine(Buffer, Z.End)) + Column;
  }
  return Out + linesAsKeyReads(Buffer, {Cursor, static_cast<unsigned>(Buffer.size())}, Kept, {}, std::nullopt);
}

std::vector<unsigned> writtenLines(llvm::StringRef Text) {
  std::vector<unsigned> Lines;
  if (!Text.contains("#line")) return Lines;
  unsigned Next = 1;
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [L, After] = Rest.split('\n');
    Rest = After;
    Lines.push_back(Next++);
    llvm::StringRef D = L.trim();
    unsigned N = 0;
    if (D.consume_front("#") && (D = D.ltrim()).consume_front("line") && !D.empty() && isWhitespace(D.front()) &&
        !(D = D.ltrim()).consumeInteger(10, N) && D.trim().empty())
      Next = N;
  }
  if (Text.ends_with("\n")) Lines.push_back(Next);  // the end, after the last line
  return Lines;
}

}  // namespace cassette::rewrite

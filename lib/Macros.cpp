#include "Macros.h"

#include <algorithm>

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace cassette::rewrite {

// At every expansion of a function-like macro (nested ones included, whose
// arguments are tokens of the enclosing expansion, spelled where the user
// wrote them): the arguments it does not substitute exactly once, as is.
class MacroArgumentUses : public PPCallbacks {
 public:
  MacroArgumentUses(const SourceManager& SM, MacroRecord& R) : SM(SM), R(R) {}

  void MacroExpands(const Token& Name, const MacroDefinition& MD, SourceRange Range, const MacroArgs* Args) override {
    const MacroInfo* MI = MD.getMacroInfo();
    recordCounter(Name, MI, Range);
    // Not one that names itself alone (glibc's `#define stderr stderr`):
    // expanded again, it gives the same text.
    bool Identity = MI && !MI->isFunctionLike() && MI->getNumTokens() == 1 &&
                    MI->getReplacementToken(0).getIdentifierInfo() == Name.getIdentifierInfo();
    if (Name.getIdentifierInfo() && !Identity) R.ExpandedNames.insert(Name.getIdentifierInfo()->getName().str());
    if (MI && Name.getLocation().isFileID() && !SM.isInSystemHeader(Name.getLocation())) {
      auto [F, Offset] = SM.getDecomposedLoc(Name.getLocation());
      R.Uses[F][Offset] = {Name.getIdentifierInfo()->getName().str(), MI->getDefinitionLoc()};
    }
    if (!MI || !Args || !MI->isFunctionLike()) return;
    llvm::ArrayRef<Token> Body = MI->tokens();
    for (unsigned I = 0; I < MI->getNumParams() && I < Args->getNumMacroArguments(); ++I) {
      const IdentifierInfo* P = MI->params()[I];
      unsigned Uses = 0;
      bool StringizedOrPasted = false;
      for (size_t K = 0; K < Body.size(); ++K) {
        if (Body[K].getIdentifierInfo() != P) continue;
        ++Uses;
        if (K > 0 && Body[K - 1].isOneOf(tok::hash, tok::hashhash, tok::hashat)) StringizedOrPasted = true;
        if (K + 1 < Body.size() && Body[K + 1].is(tok::hashhash)) StringizedOrPasted = true;
      }
      if (Uses <= 1 && !StringizedOrPasted) continue;
      SkipReason Why =
          StringizedOrPasted ? SkipReason::MacroArgumentStringized : SkipReason::MacroArgumentExpandedTwice;
      for (const Token* T = Args->getUnexpArgument(I); T->isNot(tok::eof); ++T) {
        SourceLocation S = SM.getSpellingLoc(T->getLocation());
        if (!S.isFileID()) continue;
        auto [F, Offset] = SM.getDecomposedLoc(S);
        // Stringizing, by this macro or one it passes the argument to, is
        // the reason that says most.
        auto [It, New] = R.Unsafe[F].emplace(Offset, Why);
        if (!New && Why == SkipReason::MacroArgumentStringized) It->second = Why;
      }
    }
  }

  void recordCounter(const Token& Name, const MacroInfo* MI, SourceRange Range) {
    const IdentifierInfo* II = Name.getIdentifierInfo();
    if (!MI || !II) return;
    if (MI->isBuiltinMacro() && II->getName() == "__COUNTER__") {
      SourceLocation At = SM.getExpansionLoc(Name.getLocation());
      if (!At.isFileID() || SM.isInSystemHeader(At)) return;
      auto [F, Offset] = SM.getDecomposedLoc(At);
      R.Counters[F].insert(Offset);
    } else if (II->getName() == "CASSETTE_COUNTER_TAKEN" && Range.getBegin().isFileID() && Range.getEnd().isFileID()) {
      auto [F, Begin] = SM.getDecomposedLoc(Range.getBegin());
      auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
      if (F == EndFile) R.TakenUses[F][Begin] = End + 1;  // after its `)`
    }
  }

  void InclusionDirective(SourceLocation Hash, const Token&, StringRef, bool, CharSourceRange,
                          OptionalFileEntryRef File, StringRef, StringRef, const Module*, bool,
                          SrcMgr::CharacteristicKind) override {
    if (OptionalFileEntryRef From = SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(Hash))); From && File)
      R.Includes[&From->getFileEntry()].insert(&File->getFileEntry());
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    auto [F, Begin] = SM.getDecomposedLoc(SM.getFileLoc(Range.getBegin()));
    auto [EndFile, End] = SM.getDecomposedLoc(SM.getFileLoc(Range.getEnd()));
    if (F == EndFile && Begin <= End) R.Skipped[F].push_back({Begin, End});
  }

 private:
  const SourceManager& SM;
  MacroRecord& R;
};

void MacroRecord::attach(Preprocessor& PP) {
  PP.addPPCallbacks(std::make_unique<MacroArgumentUses>(PP.getSourceManager(), *this));
}

std::optional<SkipReason> MacroRecord::unsafe(FileID F, ByteRange R) const {
  auto It = Unsafe.find(F);
  if (It == Unsafe.end()) return std::nullopt;
  auto At = It->second.lower_bound(R.Begin);
  if (At == It->second.end() || At->first >= R.End) return std::nullopt;
  return At->second;
}

bool MacroRecord::includes(const FileEntry* From, const FileEntry* To) const {
  std::set<const FileEntry*> Seen{From};
  std::vector<const FileEntry*> Work{From};
  while (!Work.empty()) {
    auto It = Includes.find(Work.back());
    Work.pop_back();
    if (It == Includes.end()) continue;
    for (const FileEntry* Next : It->second) {
      if (Next == To) return true;
      if (Seen.insert(Next).second) Work.push_back(Next);
    }
  }
  return false;
}

std::vector<ByteRange> MacroRecord::skipped(FileID F) const {
  auto It = Skipped.find(F);
  if (It == Skipped.end()) return {};
  std::vector<ByteRange> Sorted = It->second;
  std::sort(Sorted.begin(), Sorted.end(), [](ByteRange A, ByteRange B) { return A.Begin < B.Begin; });
  return Sorted;
}

unsigned MacroRecord::countersTaken(FileID F, ByteRange R) const {
  auto It = Counters.find(F);
  if (It == Counters.end()) return 0;
  std::vector<ByteRange> Taken = counterTakenUses(F, R);
  unsigned N = 0;
  for (auto At = It->second.lower_bound(R.Begin); At != It->second.end() && *At < R.End; ++At)
    N += llvm::none_of(Taken, [&](ByteRange T) { return T.Begin <= *At && *At < T.End; });
  return N;
}

std::vector<ByteRange> MacroRecord::counterTakenUses(FileID F, ByteRange R) const {
  std::vector<ByteRange> Out;
  auto It = TakenUses.find(F);
  if (It == TakenUses.end()) return Out;
  for (auto At = It->second.lower_bound(R.Begin); At != It->second.end() && At->first < R.End; ++At)
    if (At->second <= R.End) Out.push_back({At->first, At->second});
  return Out;
}

const MacroRecord::Use* MacroRecord::useAt(FileID F, unsigned Offset) const {
  auto File = Uses.find(F);
  if (File == Uses.end()) return nullptr;
  auto It = File->second.find(Offset);
  return It == File->second.end() ? nullptr : &It->second;
}

std::optional<ByteRange> macroArgumentRange(const SourceManager& SM, const LangOptions& LO, SourceRange R, FileID F) {
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (B.isInvalid() || E.isInvalid()) return std::nullopt;
  // Both ends in the same substitution of one parameter, down to the file.
  while (B.isMacroID() || E.isMacroID()) {
    if (!B.isMacroID() || !E.isMacroID()) return std::nullopt;
    const SrcMgr::ExpansionInfo& BX = SM.getSLocEntry(SM.getFileID(B)).getExpansion();
    const SrcMgr::ExpansionInfo& EX = SM.getSLocEntry(SM.getFileID(E)).getExpansion();
    if (!BX.isMacroArgExpansion() || !EX.isMacroArgExpansion() ||
        BX.getExpansionLocStart() != EX.getExpansionLocStart())
      return std::nullopt;
    B = SM.getImmediateSpellingLoc(B);
    E = SM.getImmediateSpellingLoc(E);
  }
  SourceLocation After = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (After.isInvalid()) return std::nullopt;
  auto [BF, BO] = SM.getDecomposedLoc(B);
  auto [EF, EO] = SM.getDecomposedLoc(After);
  if (BF != F || EF != F || EO < BO) return std::nullopt;
  return ByteRange{BO, EO};
}

}  // namespace cassette::rewrite

// Callee identities and the twin predicate: the decisions that must come out
// the same in every translation unit that sees a function.
#include <set>
#include <string>
#include <vector>

#include "JoinRewrites.h"
#include "MacroExpansion.h"
#include "RewriteEnv.h"
#include "TwinMarkers.h"
#include "Twins.h"
#include "clang/AST/Attr.h"
#include "clang/AST/CXXInheritance.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cassette::rewrite {

std::optional<std::string> TUEnv::namespaceQualifier(const FunctionDecl* FD) {
  const DeclContext* DC = FD->getDeclContext()->getRedeclContext();
  llvm::SmallVector<const NamespaceDecl*, 4> Inward;
  bool AnyUnnamed = false;
  for (const DeclContext* Up = DC; !Up->isTranslationUnit(); Up = Up->getParent()) {
    const auto* N = dyn_cast<NamespaceDecl>(Up);
    if (!N) return std::nullopt;
    Inward.insert(Inward.begin(), N);
    AnyUnnamed |= N->isAnonymousNamespace();
  }
  if (Inward.empty()) return "::";
  if (!AnyUnnamed) return "::" + Inward.back()->getQualifiedNameAsString() + "::";
  // Qualified lookup in a namespace finds what its unnamed namespace
  // declares (google benchmark's `using internal::GetTestCaseList;`), unless
  // the namespace itself declares the name.
  std::string Out = "::";
  const DeclContext* Named = FD->getASTContext().getTranslationUnitDecl();
  bool Unnamed = false;
  auto Hidden = [&](DeclarationName Name) { return Unnamed && !Named->lookup(Name).empty(); };
  for (const NamespaceDecl* N : Inward) {
    if (N->isAnonymousNamespace()) {
      Unnamed = true;
      continue;
    }
    if (Hidden(N->getDeclName())) return std::nullopt;
    Out += N->getName().str() + "::";
    Named = N;
    Unnamed = false;
  }
  if (Hidden(FD->getDeclName())) return std::nullopt;
  return Out;
}

std::string TUEnv::absolutePath(FileID F) const {
  auto [It, New] = AbsolutePaths.try_emplace(F);
  if (!New) return It->second;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(F);
  if (!FE) return "";
  llvm::SmallString<256> Real;
  It->second = llvm::sys::fs::real_path(FE->getName(), Real) ? std::string(FE->getName()) : std::string(Real);
  return It->second;
}

void narrowParentMap(ASTContext& Ctx) {
  const SourceManager& SM = Ctx.getSourceManager();
  std::vector<Decl*> Scope;
  for (Decl* D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()))) Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
}

std::string TUEnv::displayPath(FileID F) const {
  std::string Abs = absolutePath(F);
  llvm::StringRef Rel(Abs);
  if (Rel.consume_front(Opts.Root) && Rel.consume_front("/")) return Rel.str();
  return Abs;
}

bool TUEnv::inRootFile(FileID F) {
  auto It = InRootCache.find(F);
  if (It != InRootCache.end()) return It->second;
  bool In = false;
  if (F.isValid() && !SM.isInSystemHeader(SM.getLocForStartOfFile(F))) {
    std::string Abs = absolutePath(F);
    // A file kept as written is code outside the tree (absolutePath is real).
    In = llvm::StringRef(Abs).starts_with(Opts.Root + "/") && !Opts.KeptAsWritten.count(Abs);
  }
  InRootCache[F] = In;
  return In;
}

bool TUEnv::inRoot(SourceLocation L) {
  if (L.isInvalid()) return false;
  return inRootFile(SM.getFileID(SM.getSpellingLoc(L)));
}

Location TUEnv::location(SourceLocation L) const {
  if (L.isInvalid()) return {};
  // Where the user wrote it: for a token from a macro body, the macro's use.
  SourceLocation S = SM.getFileLoc(L);
  if (PresumedLines)
    if (PresumedLoc P = SM.getPresumedLoc(S); P.isValid())
      return {displayPath(SM.getFileID(S)), P.getLine(), P.getColumn()};
  return {displayPath(SM.getFileID(S)), SM.getSpellingLineNumber(S), SM.getSpellingColumnNumber(S)};
}

unsigned TUEnv::writtenLine(FileID F, unsigned Offset) {
  auto [It, New] = WrittenLines.try_emplace(F);
  if (New) It->second = writtenLines(SM.getBufferData(F));
  return rewrite::writtenLine(It->second, SM.getLineNumber(F, Offset));
}

unsigned TUEnv::writtenLine(SourceLocation L) {
  auto [F, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(L));
  return writtenLine(F, Offset);
}

std::optional<ByteRange> TUEnv::spelledRange(SourceRange R, FileID F) const {
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (B.isInvalid() || E.isInvalid() || B.isMacroID() || E.isMacroID()) return std::nullopt;
  SourceLocation After = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (After.isInvalid()) return std::nullopt;
  auto [BF, BO] = SM.getDecomposedLoc(B);
  auto [EF, EO] = SM.getDecomposedLoc(After);
  if (BF != F || EF != F || EO < BO) return std::nullopt;
  return ByteRange{BO, EO};
}

ByteRange TUEnv::withLeadingQualifiers(ByteRange R, FileID F) const {
  llvm::StringRef Text = SM.getBufferData(F);
  auto IsWordChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (;;) {
    unsigned End = R.Begin;
    while (End > 0 && llvm::isSpace(Text[End - 1])) --End;
    unsigned Begin = End;
    while (Begin > 0 && IsWordChar(Text[Begin - 1])) --Begin;
    llvm::StringRef Word = Text.slice(Begin, End);
    if (Word != "const" && Word != "volatile") return R;
    R.Begin = Begin;
  }
}

std::optional<ByteRange> TUEnv::fileRange(SourceRange R, FileID F) const {
  if (auto Spelled = spelledRange(R, F)) return Spelled;
  CharSourceRange C = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
  if (C.isInvalid()) return std::nullopt;
  auto [BF, BO] = SM.getDecomposedLoc(C.getBegin());
  auto [EF, EO] = SM.getDecomposedLoc(C.getEnd());
  if (BF != F || EF != F || EO < BO) return std::nullopt;
  // makeFileCharRange maps an end inside a macro only when the range covers
  // that whole expansion (or lies within one macro argument), so the text is
  // safe to move.
  return ByteRange{BO, EO};
}

std::optional<ByteRange> TUEnv::editableRange(SourceRange R, FileID F, WhyNot* Why) const {
  auto Checked = [&](ByteRange B) -> std::optional<ByteRange> {
    if (!spansDirective(F, B)) return B;
    if (Why) *Why = SkipReason::SpansPreprocessorDirective;
    return std::nullopt;
  };
  if (auto Spelled = spelledRange(R, F)) return Checked(*Spelled);
  std::optional<ByteRange> Arg = Macros ? macroArgumentRange(SM, LO, R, F) : std::nullopt;
  std::optional<SkipReason> Unsafe = Arg ? macroArgumentUnsafe(F, Arg->Begin) : std::nullopt;
  if (Arg && !Unsafe) return Checked(*Arg);
  if (Why) *Why = Unsafe.value_or(SkipReason::CallInMacroBody);
  return std::nullopt;
}

bool TUEnv::spansDirective(FileID F, ByteRange R) const {
  auto [It, New] = DirectiveOffsets.try_emplace(F);
  if (New) {
    // One raw lex of the file: it knows comments and literals, and a
    // directive's `#` is the first token of its line.
    llvm::StringRef Buffer = SM.getBufferData(F);
    Lexer Raw(SM.getLocForStartOfFile(F), LO, Buffer.begin(), Buffer.begin(), Buffer.end());
    Raw.SetCommentRetentionState(false);
    Token T;
    while (!Raw.LexFromRawLexer(T))
      if (T.is(tok::hash) && T.isAtStartOfLine()) It->second.push_back(SM.getFileOffset(T.getLocation()));
  }
  auto First = llvm::lower_bound(It->second, R.Begin);
  return First != It->second.end() && *First < R.End;
}

std::optional<SkipReason> TUEnv::macroArgumentUnsafe(FileID F, unsigned Begin) const {
  // An argument a macro must not see edited has all its tokens recorded, so
  // the first token of a range inside it is one of them.
  return Macros ? Macros->unsafe(F, ByteRange{Begin, Begin + 1}) : std::nullopt;
}

const FunctionDecl* TUEnv::pattern(const FunctionDecl* FD) {
  if (!FD) return nullptr;
  if (const FunctionTemplateDecl* Primary = FD->getPrimaryTemplate()) FD = Primary->getTemplatedDecl();
  while (const FunctionDecl* From = FD->getInstantiatedFromMemberFunction()) FD = From;
  if (const FunctionTemplateDecl* T = FD->getDescribedFunctionTemplate())
    while (const FunctionTemplateDecl* From = T->getInstantiatedFromMemberTemplate()) {
      T = From;
      FD = T->getTemplatedDecl();
    }
  return FD;
}

// Whether FD declares, as a friend, a function template of its namespace that
// has a definition there.
static bool friendOfDefinedTemplate(const FunctionDecl* FD) {
  if (FD->getFriendObjectKind() == Decl::FOK_None || !FD->getDescribedFunctionTemplate()) return false;
  return llvm::any_of(FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName()), [](const NamedDecl* D) {
    const auto* T = dyn_cast<FunctionTemplateDecl>(D);
    return T && T->getTemplatedDecl()->isDefined();
  });
}

// Whether every declaration of FD can get a twin declaration beside it.
bool TUEnv::declarationsTakeTwins(const FunctionDecl* FD, WhyNot* Why) {
  auto No = [&](SkipReason Reason) {
    if (Why) *Why = Reason;
    return false;
  };
  // A declaration through a typedef of the function's type gets a printed
  // twin declaration (TwinWriter::printedDeclaration): only at namespace
  // scope, where a declaration may be added beside it.
  for (const FunctionDecl* R : FD->redecls())
    if (!R->getFunctionTypeLoc() && !R->doesThisDeclarationHaveABody() &&
        (!declaredThroughTypedef(R) || isa<CXXMethodDecl>(R) || R->isTemplated() ||
         R->getFriendObjectKind() != Decl::FOK_None))
      return No(SkipReason::FunctionTypedef);
  // Every declaration gets a twin declaration: all must be copyable as text,
  // except a definition whose declaration a macro spells (`TEST(name) { ... }`):
  // its twin is printed from the AST, and the declarations the same macro use
  // makes before it need none.
  const FunctionDecl* Printed = nullptr;
  for (const FunctionDecl* R : FD->redecls())
    if (R->doesThisDeclarationHaveABody() && !writtenStart(R)) {
      if (!printableTwin(R, Why)) return false;
      Printed = R;
    }
  // A twin copied as text runs through its definition's closing brace: not
  // one a macro use spells (doctest's `void f() BRANCH({}, ;)`). A template's
  // twin adds its context to the template's parameters: not to a list a
  // macro spells (doctest's `#define PREFIX template <typename T> friend`).
  for (const FunctionDecl* R : FD->redecls()) {
    if (R == Printed || !inRoot(SM.getFileLoc(R->getLocation()))) continue;
    bool Body = R->doesThisDeclarationHaveABody();
    SourceLocation Last = Body ? R->getSourceRange().getEnd() : SM.getExpansionLoc(R->getLocation());
    if (Body && (Last.isMacroID() || SM.getFileID(Last) != SM.getFileID(SM.getExpansionLoc(R->getLocation()))))
      return No(SkipReason::BodyInMacro);
    // Nor one that begins in an #if's branch closed before its body, or, a
    // declaration, before its name (glog's `#if defined(__GNUC__)
    // __attribute__((noreturn)) #elif ... #endif static void
    // DumpStackTraceAndExit() {`; date's `#if ... template <class T =
    // TimeZonePtr, ...> #endif zoned_time();`): the copy would hold the #elif
    // and #endif without the #if. (A whole #if among a declaration's
    // attributes after its name is copied whole.)
    if (std::optional<SourceLocation> Start = writtenStart(R);
        Start && !Last.isMacroID() && SM.getFileID(*Start) == SM.getFileID(Last)) {
      auto [F, Begin] = SM.getDecomposedLoc(*Start);
      unsigned End = SM.getFileOffset(Last);
      if (Begin <= End && !directivesBalanced(SM.getBufferData(F).slice(Begin, End)))
        return No(SkipReason::DefinitionSplitsConditional);
    }
    if (const FunctionTemplateDecl* T = R->getDescribedFunctionTemplate())
      if (T->getTemplateParameters()->getRAngleLoc().isMacroID()) return No(SkipReason::TemplateDeclaredByMacro);
  }
  for (const FunctionDecl* R : FD->redecls()) {
    if (R == Printed || !inRoot(SM.getFileLoc(R->getLocation())) || writtenStart(R) || declaredThroughTypedef(R))
      continue;
    if (!Printed) {
      // The twin is reported where the function is defined; the use that
      // declares it (muparserx's `MUP_UNARY_FUNC_DEF(FunSin)` declares a whole
      // class in a header) is the one to expand.
      if (FD->isDefined()) expandLater(R->getLocation());
      return No(R->getLocation().isMacroID() ? SkipReason::DeclaredByMacro : SkipReason::DeclaredPartlyInMacro);
    }
    if (SM.getExpansionLoc(R->getLocation()) != SM.getExpansionLoc(Printed->getLocation()))
      return No(SkipReason::DeclaredByOtherMacro);
  }
  return true;
}

bool TUEnv::decidedAtTheCall(const FunctionDecl* FD) {
  return llvm::any_of(FD->redecls(), [](const FunctionDecl* R) { return R->hasAttr<EnableIfAttr>(); }) ||
         llvm::any_of(FD->parameters(), [](const ParmVarDecl* P) { return P->hasAttr<PassObjectSizeAttr>(); });
}

// Which definition a call of FD reaches is chosen by the original's symbol
// (a weak default that another file overrides, an alias, an ifunc, an asm
// label, target multiversioning) or by a clang attribute on its overloads
// (TUEnv::decidedAtTheCall): twins, ordinary template instances, would all
// be one, or another overload.
static bool chosenBySymbolOrAttribute(const FunctionDecl* FD) {
  return TUEnv::decidedAtTheCall(FD) || llvm::any_of(FD->redecls(), [](const FunctionDecl* R) {
           return R->hasAttr<WeakAttr>() || R->hasAttr<WeakRefAttr>() || R->hasAttr<AliasAttr>() ||
                  R->hasAttr<IFuncAttr>() || R->hasAttr<AsmLabelAttr>() || R->isMultiVersion();
         });
}

bool TUEnv::ifuncResolver(const FunctionDecl* FD) {
  if (!IFuncResolvers) {
    IFuncResolvers.emplace();
    std::vector<const DeclContext*> Work{Ctx.getTranslationUnitDecl()};
    while (!Work.empty()) {
      const DeclContext* DC = Work.back();
      Work.pop_back();
      for (const Decl* D : DC->decls()) {
        if (const auto* I = D->getAttr<IFuncAttr>()) IFuncResolvers->insert(I->getResolver().str());
        if (isa<NamespaceDecl, LinkageSpecDecl, ExternCContextDecl>(D)) Work.push_back(cast<DeclContext>(D));
      }
    }
  }
  return FD->getIdentifier() && IFuncResolvers->count(FD->getName().str());
}

bool TUEnv::twinnable(const FunctionDecl* FD, WhyNot* Why) {
  auto No = [&](SkipReason Reason) {
    if (Why) *Why = Reason;
    return false;
  };
  if (!FD) return No(SkipReason::NoDeclaration);
  // Before mapping to the pattern: an explicit specialisation has a body of
  // its own, which the primary template's twin does not run.
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization) return No(SkipReason::ExplicitSpecialization);
  const FunctionDecl* Asked = FD;
  FD = pattern(FD);
  // An instance of a template whose definition this unit does not see may be
  // an explicit specialisation declared elsewhere (double-conversion's
  // StringTo<double>), and nothing here could instantiate its twin: a call
  // of it runs the primitive.
  // A member's twin is declared in its class whichever unit rewrites it, so a
  // call of such an instance goes through a marker (externalTwinKey) and
  // reaches the twin only where a unit instantiates it explicitly.
  if (Asked != FD && FD->isTemplated() && !FD->isDefined() && !isa<CXXMethodDecl>(FD))
    return No(SkipReason::TemplateInstanceWithoutDefinition);
  // A template's twin is instantiated where the template's definition is: a
  // twin declared without one (double-conversion's PrintfValue<T>, whose every
  // use is an explicit specialisation) would be chosen by a dependent call
  // and never defined. Not for members: a member template declared in a
  // header and defined in a .cpp needs its twin declared in the class
  // whichever unit rewrites the header (an out-of-line twin must match one).
  // A friend template declared in a class template is not linked to the
  // namespace's template until the class is instantiated (fmt's
  // visit_format_arg, a friend of basic_format_arg<Context>): its twin's
  // friend declaration is needed when that template is defined.
  if (FD->isTemplated() && !FD->isDefined() && !isa<CXXMethodDecl>(FD) && !friendOfDefinedTemplate(FD))
    return No(SkipReason::TemplateWithoutDefinition);
  const FunctionDecl* First = FD->getCanonicalDecl();
  // Where the declaration stands: for one a macro spells, the macro's use.
  if (!inRoot(SM.getFileLoc(First->getLocation())) && !foreignDeclared(FD)) return No(SkipReason::OutsideRoot);
  // Declared here, defined outside --root: doctest declares libstdc++'s
  // `operator<<(basic_ostream<char, traits>&, const char*)` in namespace std
  // so as not to include <ostream>. No unit writes its twin, and an inline
  // function's or a template's twin is named directly, not through a marker.
  if (const FunctionDecl* Def = nullptr; FD->isDefined(Def) && !inRoot(SM.getFileLoc(Def->getLocation())))
    return No(SkipReason::DefinedOutsideRoot);
  if (FD->isImplicit() || FD->isDefaulted() || FD->isDeleted()) return No(SkipReason::ImplicitDefaultedOrDeleted);
  if (FD->isConsteval()) return No(SkipReason::Consteval);
  if (!Opts.Excluded.empty())
    if (auto It = Opts.Excluded.find(definitionKey(FD)); It != Opts.Excluded.end()) {
      if (Why) *Why = WhyNot(SkipReason::TwinDoesNotCompile, It->second);
      return false;
    }
  if (FD->isMain() && Opts.OverdubMain.empty()) return No(SkipReason::Main);
  // A destructor's twin is entered only by its original, in whole-program
  // mode (WholeProgramEntries.cpp): it runs the body, the original then
  // destroys the members and bases as always.
  if (isa<CXXDestructorDecl>(FD) && (Opts.OverdubMain.empty() || Tagging.twinSignaturesDiffer()))
    return No(SkipReason::Destructor);
  if (isa<CXXConversionDecl>(FD) && (FD->getDescribedFunctionTemplate() || cast<CXXMethodDecl>(FD)->isVirtual()))
    return No(SkipReason::ConversionTemplateOrVirtual);
  if (isa<CXXDeductionGuideDecl>(FD)) return No(SkipReason::DeductionGuide);
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization) return No(SkipReason::ExplicitSpecialization);
  if (FD->isPureVirtual()) return No(SkipReason::PureVirtual);
  if (!explicitSpecializationsGuardable(*this, FD)) return No(SkipReason::ExplicitSpecializationsUnspelled);
  if (FD->getParentFunctionOrMethod()) return No(SkipReason::LocalClassMember);
  if (isa<CXXMethodDecl>(FD) && FD->isInExternCContext()) return No(SkipReason::ExternCClassMember);
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda()) return No(SkipReason::Lambda);
  if (!declarationsTakeTwins(FD, Why)) return false;
  if (const FunctionDecl* Def = FD->getDefinition())
    if (Def->getBody() && isa<CoroutineBodyStmt>(Def->getBody())) return No(SkipReason::Coroutine);
  if (bodyTakesCounter(FD)) return No(SkipReason::CopyTakesCounter);
  if (chosenBySymbolOrAttribute(FD) || ifuncResolver(FD)) return No(SkipReason::ChosenBySymbolOrAttribute);
  // A twin that other files reach (a dependent call picks it by `requires`, a
  // virtual thunk calls it) but that the unit defining it cannot anchor
  // would be an undefined reference: none.
  if (mayNeedAnchor(FD) && !anchorable(FD, Why)) return false;
  return true;
}

// A twin copies its function's body, and a macro use there that takes
// __COUNTER__ (doctest's SUBCASE, Catch2's SECTION) left as written would
// take numbers again in the copy: every name made from them after it would
// differ from the one the rewriter saw (doctest: `DOCTEST_ANON_FUNC_16`
// named, `_17` declared). No twin, decided here so that the unit's calls
// and anchors do not name one. A use expanded in the main file takes none
// in the copy (TwinWriter::dropCounterTaken).
bool TUEnv::bodyTakesCounter(const FunctionDecl* FD) const {
  const FunctionDecl* Def = FD->getDefinition();
  if (!Def || !Def->getBody() || !Macros) return false;
  auto [BF, BO] = SM.getDecomposedLoc(SM.getExpansionLoc(Def->getBody()->getBeginLoc()));
  auto [EF, EO] = SM.getDecomposedLoc(SM.getExpansionLoc(Def->getBody()->getEndLoc()));
  return BF == EF && BO <= EO && Macros->countersTaken(BF, {BO, EO + 1}) > 0;
}

bool TUEnv::defaultArgumentAddedLater(const ParmVarDecl* P) {
  const auto* FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD || !P->hasDefaultArg()) return false;
  const FunctionDecl* First = FD->getFirstDecl();
  unsigned I = P->getFunctionScopeIndex();
  return First != FD && I < First->getNumParams() && !First->getParamDecl(I)->hasDefaultArg();
}

bool TUEnv::declaredThroughTypedef(const FunctionDecl* D) {
  return !D->getFunctionTypeLoc() && !D->doesThisDeclarationHaveABody() && D->getLocation().isFileID() &&
         D->getTypeSourceInfo() && D->getTypeSourceInfo()->getType()->getAs<TypedefType>();
}

bool TUEnv::printableTwin(const FunctionDecl* D, WhyNot* Why) {
  auto No = [&](SkipReason Reason) {
    if (Why) *Why = Reason;
    return false;
  };
  const auto* Body = dyn_cast_or_null<CompoundStmt>(D->getBody());
  if (!Body) return No(SkipReason::DefinedByMacro);
  SourceLocation L = Body->getLBracLoc(), R = Body->getRBracLoc();
  if (L.isMacroID() || R.isMacroID()) return No(SkipReason::BodyInMacro);
  if (isa<CXXConstructorDecl, CXXDestructorDecl>(D)) return No(SkipReason::ConstructorDeclaredByMacro);
  if (D->isMain()) return No(SkipReason::MainDeclaredByMacro);
  FileID F = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
  if (SM.getFileID(L) != F || SM.getFileID(R) != F ||
      !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(D->getLocation()), L))
    return No(SkipReason::BodyBeforeMacroUse);
  if (D->isTemplated()) return No(SkipReason::TemplateDeclaredByMacro);
  // The body is copied from its `{`: not one that begins in an #if's branch
  // and ends after it (a use that a main file's commands expand differently
  // stands in such a branch, and so does the `{` after it, on its line).
  if (!directivesBalanced(SM.getBufferData(F).slice(SM.getFileOffset(L), SM.getFileOffset(R))))
    return No(SkipReason::DefinitionSplitsConditional);
  if (isa<CXXMethodDecl>(D) && (D->isOutOfLine() || D->getPreviousDecl())) return No(SkipReason::MemberDeclaredByMacro);
  if (D->getFriendObjectKind() != Decl::FOK_None) return No(SkipReason::FriendDeclaredByMacro);
  for (const ParmVarDecl* P : D->parameters())
    if (P->hasDefaultArg()) return No(SkipReason::DefaultArgumentByMacro);
  if (isUnresolvedExceptionSpec(D->getType()->castAs<FunctionProtoType>()->getExceptionSpecType()) ||
      D->getType()->castAs<FunctionProtoType>()->getExceptionSpecType() == EST_DependentNoexcept)
    return No(SkipReason::ExceptionSpecificationByMacro);
  return true;
}

std::optional<SourceLocation> TUEnv::writtenStart(const FunctionDecl* D) {
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  SourceLocation Begin = D->getOuterLocStart();
  // An abbreviated template (`auto f(auto x)`) writes no template header: its
  // template's begin is no location.
  if (FTD && FTD->getBeginLoc().isValid() && SM.isBeforeInTranslationUnit(FTD->getBeginLoc(), Begin))
    Begin = FTD->getBeginLoc();
  if (D->getFriendObjectKind() != Decl::FOK_None)
    if (const auto* RD = dyn_cast<CXXRecordDecl>(D->getLexicalDeclContext()))
      for (const FriendDecl* F : RD->friends())
        if ((F->getFriendDecl() == D || (FTD && F->getFriendDecl() == FTD)) &&
            SM.isBeforeInTranslationUnit(F->getFriendLoc(), Begin))
          Begin = F->getFriendLoc();
  // `EXPORT_MACRO void f();`, or a C API's `API(void) f();` whose macro
  // spells the return type: the macro use is copied as written. Its first
  // token must begin the declaration, through arguments passed on.
  if (Begin.isMacroID()) {
    SourceLocation Start;
    if (!Lexer::isAtStartOfMacroExpansion(Begin, SM, LO, &Start) || Start.isMacroID()) return std::nullopt;
    Begin = Start;
  }
  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  if (!FTL || FTL.getLParenLoc().isMacroID() || FTL.getRParenLoc().isMacroID() || D->getLocation().isMacroID())
    return std::nullopt;
  FileID F = SM.getFileID(Begin);
  if (SM.getFileID(FTL.getLParenLoc()) != F || SM.getFileID(D->getLocation()) != F) return std::nullopt;
  return Begin;
}

bool TUEnv::twinDefinedElsewhere(const FunctionDecl* FD, FileID CallFile) {
  const FunctionDecl* P = pattern(FD);
  // Inline functions and templates are defined wherever they are used;
  // functions with internal linkage are defined in the file that calls them.
  if (P->isInlined() || P->isTemplated() || !P->isExternallyVisible()) return false;
  const FunctionDecl* Def = nullptr;
  return !(P->isDefined(Def) && SM.getFileID(SM.getExpansionLoc(Def->getLocation())) == CallFile);
}

std::string TUEnv::definitionKey(const FunctionDecl* FD) {
  llvm::SmallString<128> USR;
  if (index::generateUSRForDecl(pattern(FD)->getCanonicalDecl(), USR)) return "";
  return std::string(USR);
}

bool TUEnv::instanceDefinedAway(const FunctionDecl* FD, FileID CallFile) {
  const FunctionDecl* P = pattern(FD);
  if (!P || P == FD || !P->isTemplated()) return false;
  const FunctionDecl* Def = nullptr;
  if (!P->isDefined(Def)) return true;
  FileID DefFile = SM.getFileID(SM.getExpansionLoc(Def->getLocation()));
  return DefFile == SM.getMainFileID() && CallFile != DefFile;
}

std::string TUEnv::instanceKey(const FunctionDecl* FD) {
  llvm::SmallString<128> USR;
  if (index::generateUSRForDecl(FD, USR)) return "";
  return "instance:" + std::string(USR);
}

bool TUEnv::foreignDeclared(const FunctionDecl* FD) {
  FD = pattern(FD);
  const FunctionDecl* First = FD->getCanonicalDecl();
  SourceLocation L = SM.getFileLoc(First->getLocation());
  // First declared in a body (`extern void f(int);`), where no twin can be
  // declared: foreign to every file scope.
  if ((inRoot(L) && !First->isLocalExternDecl()) || SM.isInSystemHeader(L) ||
      !FD->getDeclContext()->getRedeclContext()->isFileContext() || FD->isTemplated() ||
      FD->isTemplateInstantiation() || !FD->isExternallyVisible() || FD->isInlined() || FD->isVariadic() ||
      FD->isMain() || FD->isOverloadedOperator() || FD->getLiteralIdentifier() || FD->getBuiltinID())
    return false;
  // Its twin is declared in its namespace, which must have a name.
  for (const DeclContext* C = FD->getDeclContext(); !C->isTranslationUnit(); C = C->getParent())
    if (const auto* N = dyn_cast<NamespaceDecl>(C); !N || N->isAnonymousNamespace()) {
      if (!isa<LinkageSpecDecl>(C)) return false;
    }
  // The printed declaration carries no default arguments.
  for (const FunctionDecl* R : FD->redecls())
    for (const ParmVarDecl* P : R->parameters())
      if (P->hasDefaultArg()) return false;
  const FunctionDecl* Def = nullptr;
  return !FD->isDefined(Def) || inRoot(SM.getFileLoc(Def->getLocation()));
}

void TUEnv::namesTwinAt(const FunctionDecl* FD, FileID F, unsigned Offset) {
  if (!foreignDeclared(FD)) return;
  auto [It, New] = ForeignTwinUses[F].emplace(pattern(FD), Offset);
  if (!New) It->second = std::min(It->second, Offset);
}

SourceLocation TUEnv::fileScopeStart(const Decl* D) {
  while (!D->getLexicalDeclContext()->isFileContext()) D = cast<Decl>(D->getLexicalDeclContext());
  while (!D->getLexicalDeclContext()->getRedeclContext()->isTranslationUnit())
    D = cast<Decl>(D->getLexicalDeclContext());
  // (An abbreviated template, `auto f(auto x)`, begins where its function does.)
  if (const auto* F = dyn_cast<FunctionDecl>(D);
      F && F->getDescribedFunctionTemplate() && F->getDescribedFunctionTemplate()->getBeginLoc().isValid())
    D = F->getDescribedFunctionTemplate();
  if (const auto* R = dyn_cast<CXXRecordDecl>(D); R && R->getDescribedClassTemplate())
    D = R->getDescribedClassTemplate();
  return D->getBeginLoc();
}

bool TUEnv::reachesTwin(const FunctionDecl* FD, FileID CallFile) {
  if (!twinnable(FD)) return false;
  if (RewritingAt.first == CallFile) namesTwinAt(FD, CallFile, RewritingAt.second);
  // A free function template defined in a .cpp has no twin declared in the
  // header that calls it in the other units: it runs as a primitive from
  // every header, whichever unit rewrites the header.
  return !(instanceDefinedAway(FD, CallFile) && !isa<CXXMethodDecl>(pattern(FD)));
}

std::string TUEnv::baseObjectKey(const CXXConstructorDecl* Ctor) {
  std::string Key = definitionKey(Ctor);
  return Key.empty() ? Key
                     : Key +
                           "\x06"
                           "base";
}

bool TUEnv::grantsAnchorAccess(const CXXRecordDecl* RD) {
  if (!RD) return false;
  // An instantiation has the friend its pattern was written with.
  if (const CXXRecordDecl* P = RD->getTemplateInstantiationPattern()) RD = P;
  RD = RD->getDefinition();
  if (!RD) return false;
  auto It = GrantsCache.find(RD);
  if (It != GrantsCache.end()) return It->second;
  SourceLocation Brace = RD->getBraceRange().getBegin();
  bool Grants = !RD->isLambda() && !RD->isImplicit() && !RD->getParentFunctionOrMethod() && RD->getDeclName() &&
                Brace.isValid() && Brace.isFileID() && inRootFile(SM.getFileID(Brace));
  // Only a class with something to hide needs it (a C struct never has).
  if (Grants)
    Grants = llvm::any_of(RD->decls(), [](const Decl* M) {
      return !M->isImplicit() && (M->getAccess() == AS_private || M->getAccess() == AS_protected);
    });
  GrantsCache[RD] = Grants;
  return Grants;
}

bool TUEnv::nameableInAnchor(const NamedDecl* D) {
  for (; D; D = dyn_cast<NamedDecl>(D->getDeclContext())) {
    const auto* Parent = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    if (!Parent) return !D->getDeclContext()->isFunctionOrMethod();
    if (D->getAccess() != AS_public && D->getAccess() != AS_none && !grantsAnchorAccess(Parent)) return false;
  }
  return true;
}

bool TUEnv::mayNeedAnchor(const FunctionDecl* FD) {
  const FunctionDecl* P = pattern(FD);
  const FunctionDecl* First = P->getCanonicalDecl();
  // A destructor's twin is called by its original only, in the same file.
  if (P->isTemplated() || !P->isExternallyVisible() || First->isInlined() || First->isConstexpr() ||
      isa<CXXDestructorDecl>(P) || First->doesThisDeclarationHaveABody())
    return false;
  return !SM.isInMainFile(SM.getExpansionLoc(First->getLocation()));
}

bool TUEnv::anchorable(const FunctionDecl* FD, WhyNot* Why) {
  FD = pattern(FD);
  auto It = AnchorableCache.find(FD);
  if (It == AnchorableCache.end()) {
    WhyNot Reason;
    auto No = [&](SkipReason R) { Reason = R; };
    const DeclContext* DC = FD->getDeclContext()->getRedeclContext();
    if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) {
      if (RD->isLambda()) No(SkipReason::LambdaMember);
      else if (!nameableInAnchor(FD)) No(SkipReason::NonPublicMemberOfMacroClass);
    } else if (!isa<NamespaceDecl, TranslationUnitDecl>(DC)) {
      No(SkipReason::ScopeNotNameable);
    }
    bool Types =
        llvm::all_of(FD->parameters(), [&](const ParmVarDecl* P) { return !anchorTypeSpelling(P->getType()).empty(); });
    // A deduced one that cannot be spelled is named by a call (TwinWriter::anchor).
    if (!isa<CXXConstructorDecl>(FD))
      Types =
          Types && (!anchorTypeSpelling(FD->getReturnType()).empty() ||
                    (FD->getDeclaredReturnType()->getContainedDeducedType() && namesLocalType(FD->getReturnType())));
    if (Reason.empty() && !Types) No(SkipReason::SignatureNamesNonPublicMember);
    if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD); Ctor && Reason.empty()) {
      if (Ctor->isVariadic()) No(SkipReason::VariadicConstructor);
      else if (Ctor->getParent()->isAbstract())
        baseAnchorable(Ctor, &Reason);  // no complete object: only the base-object variant
    }
    It = AnchorableCache.try_emplace(FD, Reason).first;
  }
  if (Why && !It->second.empty()) *Why = It->second;
  return It->second.empty();
}

namespace {
// Whether a class that an anchor derives from a class with the virtual base
// V can default-initialise V (as the most derived class, it initialises it).
bool defaultConstructible(TUEnv& Env, const CXXRecordDecl* V) {
  V = V->getDefinition();
  if (!V) return false;
  for (const CXXConstructorDecl* C : V->ctors())
    if (C->isDefaultConstructor()) return !C->isDeleted() && (C->getAccess() == AS_public || Env.grantsAnchorAccess(V));
  if (!V->needsImplicitDefaultConstructor()) return false;
  // An implicit one, not yet declared: deleted if some member or base cannot
  // be default-initialised.
  for (const FieldDecl* F : V->fields()) {
    if (F->hasInClassInitializer()) continue;
    QualType T = F->getType();
    if (T->isReferenceType() || (T.isConstQualified() && !T->getAsCXXRecordDecl())) return false;
    if (const CXXRecordDecl* C = Env.Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
        C && !defaultConstructible(Env, C))
      return false;
  }
  for (const CXXBaseSpecifier& B : V->bases())
    if (const CXXRecordDecl* C = B.getType()->getAsCXXRecordDecl(); !C || !defaultConstructible(Env, C)) return false;
  return true;
}
}  // namespace

bool TUEnv::baseAnchorable(const CXXConstructorDecl* Ctor, WhyNot* Why, std::vector<const CXXMethodDecl*>* Pure) {
  auto No = [&](SkipReason Reason) {
    if (Why) *Why = Reason;
    return false;
  };
  const CXXRecordDecl* RD = Ctor->getParent();
  if (RD->isEffectivelyFinal()) return No(SkipReason::FinalClassConstructor);
  if (Ctor->isVariadic()) return No(SkipReason::VariadicBaseConstructor);
  if (!nameableInAnchor(Ctor)) return No(SkipReason::ConstructorNotCallable);
  // The derived class's constructor may destroy its base.
  if (const CXXDestructorDecl* Dtor = RD->getDestructor()) {
    if (Dtor->isDeleted() || !nameableInAnchor(Dtor)) return No(SkipReason::DestructorNotAccessible);
  } else if (RD->needsImplicitDestructor() && RD->defaultedDestructorIsDeleted()) {
    return No(SkipReason::DestructorDeleted);
  }
  // As the most derived class, it default-initialises the virtual bases.
  for (const CXXBaseSpecifier& B : RD->vbases()) {
    const CXXRecordDecl* V = B.getType()->getAsCXXRecordDecl();
    if (!V || !defaultConstructible(*this, V)) return No(SkipReason::VirtualBaseWithoutDefaultConstructor);
  }
  // It overrides every pure virtual final overrider, whatever base declares it.
  CXXFinalOverriderMap Map;
  RD->getFinalOverriders(Map);
  std::set<const CXXMethodDecl*> Seen;
  for (auto& [Method, Overriders] : Map)
    for (auto& [Subobject, Methods] : Overriders)
      for (const UniqueVirtualMethod& U : Methods) {
        const CXXMethodDecl* M = U.Method;
        if (!M->isPureVirtual() || isa<CXXDestructorDecl>(M) || !Seen.insert(M).second) continue;
        if (M->isConsteval()) return No(SkipReason::PureVirtualConsteval);
        QualType Ret = isa<CXXConversionDecl>(M) ? cast<CXXConversionDecl>(M)->getConversionType() : M->getReturnType();
        if (anchorTypeSpelling(Ret).empty() || llvm::any_of(M->parameters(), [&](const ParmVarDecl* P) {
              return anchorTypeSpelling(P->getType()).empty();
            }))
          return No(SkipReason::PureVirtualTypeNotNameable);
        if (Pure) Pure->push_back(M);
      }
  return true;
}

std::string TUEnv::externalTwinKey(const FunctionDecl* FD, FileID CallFile) {
  // The name rides along for the message about a callee that is not defined.
  if (instanceDefinedAway(FD, CallFile)) return markerKey(instanceKey(FD), calleeName(FD));
  if (!twinDefinedElsewhere(FD, CallFile)) return "";
  // A foreign declaration's function is usually defined outside --root (a
  // library's): that is no news, so no name, no note.
  return markerKey(definitionKey(FD), foreignDeclared(FD) ? "" : calleeName(FD));
}

bool TUEnv::hasVirtualThunk(const CXXMethodDecl* MD) {
  if (!MD || !MD->isVirtual() || isa<CXXDestructorDecl, CXXConversionDecl>(MD)) return false;
  // Every virtual function of a class under --root gets a thunk, so the
  // class declaring the statically called function decides.
  const CXXMethodDecl* P = cast<CXXMethodDecl>(pattern(MD));
  const CXXMethodDecl* First = P->getCanonicalDecl();
  return inRoot(First->getLocation()) && !First->getLocation().isMacroID() && !P->isVariadic() &&
         First->getFunctionTypeLoc() && !P->getParentFunctionOrMethod() && thunkTypesComplete(First);
}

// C++ takes a virtual call's default arguments from the function the call
// names statically, and the thunk it calls instead is that function's own
// (declared beside it in its class): the thunk repeats them, as written.
bool TUEnv::thunkHasDefaults(const CXXMethodDecl* MD) {
  const auto* First = cast<CXXMethodDecl>(pattern(MD))->getCanonicalDecl();
  return llvm::all_of(First->parameters(), [](const ParmVarDecl* P) {
    if (!P->hasDefaultArg()) return true;
    SourceRange R = P->getDefaultArgRange();
    return R.isValid() && R.getBegin().isFileID() && R.getEnd().isFileID();
  });
}

bool TUEnv::thunkTakesCall(const CallExpr* E, const CXXMethodDecl* MD) {
  const auto* First = cast<CXXMethodDecl>(pattern(MD))->getCanonicalDecl();
  bool LeavesOut = false;
  for (unsigned I = 0; I < E->getNumArgs(); ++I)
    if (isa<CXXDefaultArgExpr>(E->getArg(I))) {
      // A default given by a later declaration is not the thunk's.
      if (I >= First->getNumParams() || !First->getParamDecl(I)->hasDefaultArg()) return false;
      LeavesOut = true;
    }
  return !LeavesOut || thunkHasDefaults(MD);
}

// A thunk is defined in its class: a class it returns or takes by value
// must be complete there, in every unit (log4cplus's LoggerFactory declares
// `virtual Logger makeNewLoggerInstance(...) = 0` after `class Logger;`,
// and Logger's header includes LoggerFactory's). Where one may not be, the
// function has no thunk, and its calls dispatch to the originals.
bool TUEnv::thunkTypesComplete(const CXXMethodDecl* First) {
  auto [It, New] = ThunkTypesCache.try_emplace(First, true);
  if (!New) return It->second;
  bool Complete =
      completeInClassOf(First->getReturnType(), First) &&
      llvm::all_of(First->parameters(), [&](const ParmVarDecl* P) { return completeInClassOf(P->getType(), First); });
  return ThunkTypesCache[First] = Complete;
}

// Whether a by-value T is complete in the class of First whatever the unit
// included before: defined outside the tree, in First's file before the end
// of its outermost class (whose member bodies are read at its end), or in a
// file that First's file includes.
bool TUEnv::completeInClassOf(QualType T, const CXXMethodDecl* First) {
  if (T->isReferenceType() || T->isDependentType()) return true;
  const CXXRecordDecl* RD = T->getAsCXXRecordDecl();
  if (!RD) return true;
  if (const auto* S = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      S && S->getSpecializationKind() != TSK_ExplicitSpecialization)
    RD = S->getSpecializedTemplate()->getTemplatedDecl();
  const CXXRecordDecl* Def = RD->getDefinition();
  if (!Def) return false;
  SourceLocation DefAt = SM.getExpansionLoc(Def->getLocation());
  if (!inRoot(DefAt)) return true;
  const CXXRecordDecl* Outer = First->getParent();
  while (const auto* Enclosing = dyn_cast<CXXRecordDecl>(Outer->getDeclContext())) Outer = Enclosing;
  SourceLocation End = SM.getExpansionLoc(Outer->getBraceRange().getEnd());
  const FileEntry* DefFile = SM.getFileEntryForID(SM.getFileID(DefAt));
  const FileEntry* ClassFile = SM.getFileEntryForID(SM.getFileID(End));
  if (!DefFile || !ClassFile) return false;
  if (DefFile == ClassFile) return SM.isBeforeInTranslationUnit(DefAt, End);
  return Macros && Macros->includes(ClassFile, DefFile);
}

// libstdc++ declares std::sin(double) as ::sin brought in by a using
// declaration; users name it std::sin, so that is its identity.
std::string TUEnv::stdAliasOf(const FunctionDecl* FD) {
  auto It = StdAliasCache.find(FD);
  if (It != StdAliasCache.end()) return It->second;
  std::string Alias;
  if (FD->isExternC() && FD->getDeclContext()->getRedeclContext()->isTranslationUnit()) {
    TranslationUnitDecl* TU = Ctx.getTranslationUnitDecl();
    for (NamedDecl* D : TU->lookup(&Ctx.Idents.get("std")))
      if (auto* Std = dyn_cast<NamespaceDecl>(D)) {
        for (NamedDecl* M : Std->lookup(FD->getDeclName()))
          if (auto* Shadow = dyn_cast<UsingShadowDecl>(M))
            if (Shadow->getTargetDecl()->getCanonicalDecl() == FD->getCanonicalDecl())
              Alias = "std::" + FD->getNameAsString();
        break;
      }
  }
  StdAliasCache[FD] = Alias;
  return Alias;
}

std::string TUEnv::calleeName(const NamedDecl* D) {
  if (const auto* FD = dyn_cast<FunctionDecl>(D)) {
    std::string Alias = stdAliasOf(FD->getCanonicalDecl());
    if (!Alias.empty()) return Alias;
  }
  llvm::SmallVector<std::string, 4> Parts;
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) Parts.push_back(Ctor->getParent()->getNameAsString());
  else Parts.push_back(D->getNameAsString());
  for (const DeclContext* DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto* NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isInline()) continue;
      Parts.push_back(NS->isAnonymousNamespace() ? "(anonymous namespace)" : NS->getNameAsString());
    } else if (const auto* RD = dyn_cast<RecordDecl>(DC)) {
      if (const auto* CRD = dyn_cast<CXXRecordDecl>(RD); CRD && CRD->isLambda()) Parts.push_back("(lambda)");
      else Parts.push_back(RD->getName().empty() ? "(anonymous)" : RD->getNameAsString());
    } else if (const auto* F = dyn_cast<FunctionDecl>(DC)) {
      Parts.push_back(F->getNameAsString());
    }
  }
  std::string Name;
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It) {
    if (!Name.empty()) Name += "::";
    Name += *It;
  }
  return Name;
}

std::string TUEnv::identity(const std::string& Name, SourceLocation Decl) const {
  Location L = location(Decl);
  // One line: a name taken from the source may span several (a dependent
  // type's spelling, `conditional_t<...,\n ...>()`).
  std::string OneLine;
  for (char C : Name) {
    bool Space = C == ' ' || C == '\t' || C == '\n' || C == '\r';
    if (!Space) OneLine += C;
    else if (!OneLine.empty() && OneLine.back() != ' ') OneLine += ' ';
  }
  return "::cassette::fn<" + quoted(OneLine) + ">(" + quoted(L.File) + ", " + std::to_string(L.Line) + ", " +
         std::to_string(L.Column) + ")";
}

std::string TUEnv::identity(const FunctionDecl* FD) {
  // Located at the first declaration of what was written: the same in every
  // unit, whichever declarations or definition a unit sees.
  return identity(calleeName(FD), pattern(FD)->getCanonicalDecl()->getLocation());
}

const char* TUEnv::operatorKindName(OverloadedOperatorKind K) {
  switch (K) {
#define OVERLOADED_OPERATOR(Name, Spelling, Token, Unary, Binary, MemberOnly) \
  case OO_##Name: return #Name;
#include "clang/Basic/OperatorKinds.def"
    default: return "Unknown";
  }
}

std::string TUEnv::twinName(const FunctionDecl* FD) {
  // Twins have names of their own, so that a dependent call can ask whether a
  // twin exists without an unconstrained variadic original answering yes.
  if (const auto* CD = dyn_cast<CXXConversionDecl>(FD)) return conversionTwinName(CD);
  if (isa<CXXDestructorDecl>(FD)) return "cassette_twin_destructor";
  if (const IdentifierInfo* Suffix = FD->getLiteralIdentifier())  // operator""_a
    return "cassette_twin_literal" + Suffix->getName().str();
  std::string Suffix = twinSuffix(FD->getDeclName());
  return "cassette_twin_" + (Suffix.empty() ? FD->getNameAsString() : Suffix);
}

std::string TUEnv::thunkName(const FunctionDecl* FD) {
  std::string Suffix = twinSuffix(FD->getDeclName());
  return "cassette_virtual_" + (Suffix.empty() ? FD->getNameAsString() : Suffix);
}

std::string TUEnv::twinSuffix(DeclarationName DN) {
  if (const IdentifierInfo* II = DN.getAsIdentifierInfo()) return II->getName().str();
  if (DN.getNameKind() == DeclarationName::CXXOperatorName)
    return std::string("operator_") + operatorKindName(DN.getCXXOverloadedOperator());
  return "";
}

namespace {

QualType qualifiedDeep(QualType T, const ASTContext& Ctx);

/// The class of T's qualifier when T is written as a member of a
/// specialization (`::lib::Pick<0, const Mark&>::type`), whose arguments
/// clang prints without their scope (qualifiedDeep); null otherwise.
const Type* specializationQualifier(QualType T) {
  const auto* E = dyn_cast<ElaboratedType>(T.getTypePtr());
  if (!E || T->isDependentType()) return nullptr;
  const NestedNameSpecifier* NNS = E->getQualifier();
  const Type* Scope = NNS ? NNS->getAsType() : nullptr;
  if (!Scope) return nullptr;
  bool Specialization = Scope->getAs<TemplateSpecializationType>() ||
                        isa_and_nonnull<ClassTemplateSpecializationDecl>(Scope->getAsCXXRecordDecl());
  return Specialization ? Scope : nullptr;
}

// A non-type template argument written as an expression is printed as
// written, and a name in it as written too: glm's `mat<4, 4, T, defaultp>`,
// written inside namespace glm, names nothing elsewhere. An integral or
// enumeration one is given as its value, which clang prints as a number or
// as the enumerator with its scope.
std::optional<TemplateArgument> integralArgument(const TemplateArgument& A, const ASTContext& Ctx) {
  if (A.getKind() != TemplateArgument::Expression) return std::nullopt;
  const Expr* E = A.getAsExpr();
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType()) return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx)) return std::nullopt;
  return TemplateArgument(Ctx, R.Val.getInt(), E->getType());
}

// Full (TypeName's) with its template arguments qualified where TypeName
// stopped.
QualType qualifiedArguments(QualType Full, const ASTContext& Ctx) {
  // Its template arguments are qualified only as far as TypeName goes, which
  // stops at a function type (spdlog's std::function<void(const
  // std::shared_ptr<logger>)>) and at a template parameter's substitution
  // (a conversion function template's `Matcher<T>` for `const std::string&`
  // printed `basic_string<char, char_traits<char>, ...>`): through them too.
  const auto* E = dyn_cast<ElaboratedType>(Full.getTypePtr());
  if (!E) return Full;
  // The template and its arguments: a specialization as written, or a
  // class that TypeName left as it was (its arguments did not change).
  TemplateName Template;
  llvm::ArrayRef<TemplateArgument> Given;
  const Type* Named = E->getNamedType().getTypePtr();
  if (const auto* TST = dyn_cast<TemplateSpecializationType>(Named); TST && !TST->isTypeAlias()) {
    Template = TST->getTemplateName();
    Given = TST->template_arguments();
  } else if (const auto* RT = dyn_cast<RecordType>(Named)) {
    if (const auto* CTSD = dyn_cast<ClassTemplateSpecializationDecl>(RT->getDecl())) {
      Template = TemplateName(CTSD->getSpecializedTemplate());
      Given = CTSD->getTemplateArgs().asArray();
    }
  }
  if (Template.isNull()) return Full;
  // ... and packs, which TypeName leaves as deduced (`ns::V v(ns::X{1}, 2)`
  // printed `::ns::V<X, int>`; `std::scoped_lock<mutex, mutex>`), and a
  // specialization holding one.
  auto Deep = [&](QualType U) {
    return U->isFunctionType() || U->isReferenceType() || U->isPointerType() || specializationQualifier(U) ||
           isa<SubstTemplateTypeParmType>(U.getTypePtr()) || U->getAs<TemplateSpecializationType>() ||
           isa_and_nonnull<ClassTemplateSpecializationDecl>(U->getAsCXXRecordDecl());
  };
  auto Qualified = [&](const TemplateArgument& A) {
    return A.getKind() == TemplateArgument::Type ? TemplateArgument(qualifiedDeep(A.getAsType(), Ctx)) : A;
  };
  std::vector<TemplateArgument> Args;
  bool Changed = false;
  for (const TemplateArgument& A : Given) {
    if (A.getKind() == TemplateArgument::Type && Deep(A.getAsType())) {
      Args.push_back(Qualified(A));
      Changed = true;
    } else if (std::optional<TemplateArgument> Value = integralArgument(A, Ctx)) {
      Args.push_back(*Value);
      Changed = true;
    } else if (A.getKind() == TemplateArgument::Pack) {
      std::vector<TemplateArgument> Elements;
      for (const TemplateArgument& P : A.pack_elements()) Elements.push_back(Qualified(P));
      Args.push_back(TemplateArgument::CreatePackCopy(const_cast<ASTContext&>(Ctx), Elements));
      Changed = true;
    } else {
      Args.push_back(A);
    }
  }
  if (!Changed) return Full;
  QualType Spec = Ctx.getTemplateSpecializationType(Template, Args, Full.getCanonicalType().getUnqualifiedType());
  return Ctx.getQualifiedType(Ctx.getElaboratedType(E->getKeyword(), E->getQualifier(), Spec),
                              Full.getLocalQualifiers());
}

/// TypeName::getFullyQualifiedType stops at a function type, leaving its
/// return and parameter types as written (`void (*)(impl_t *)`, which does
/// not name `ns::impl_t` outside `ns`): qualify through them too.
QualType qualifiedDeep(QualType T, const ASTContext& Ctx) {
  if (T.isNull()) return T;
  Qualifiers Q = T.getLocalQualifiers();
  const Type* Ty = T.getTypePtr();
  auto Requal = [&](QualType U) { return Ctx.getQualifiedType(U, Q); };
  if (const auto* PT = dyn_cast<ParenType>(Ty)) return Requal(qualifiedDeep(PT->getInnerType(), Ctx));
  // A deduced return type (`decltype(auto) f(std::vector<int>& v) { return
  // (v[0]); }` deduces vector's `value_type &`) and `decltype(expr)` (whose
  // expression names parameters out of their scope): the type they stand for.
  if (const auto* AT = dyn_cast<AutoType>(Ty); AT && AT->isDeduced() && !AT->getDeducedType().isNull())
    return Requal(qualifiedDeep(AT->getDeducedType(), Ctx));
  if (const auto* DT = dyn_cast<DecltypeType>(Ty); DT && !DT->isDependentType())
    return Requal(qualifiedDeep(DT->getUnderlyingType(), Ctx));
  if (const auto* PT = dyn_cast<PointerType>(Ty))
    return Requal(Ctx.getPointerType(qualifiedDeep(PT->getPointeeType(), Ctx)));
  if (const auto* RT = dyn_cast<LValueReferenceType>(Ty))
    return Requal(Ctx.getLValueReferenceType(qualifiedDeep(RT->getPointeeType(), Ctx)));
  if (const auto* RT = dyn_cast<RValueReferenceType>(Ty))
    return Requal(Ctx.getRValueReferenceType(qualifiedDeep(RT->getPointeeType(), Ctx)));
  if (const auto* MP = dyn_cast<MemberPointerType>(Ty))
    return Requal(
        Ctx.getMemberPointerType(qualifiedDeep(MP->getPointeeType(), Ctx),
                                 TypeName::getFullyQualifiedType(QualType(MP->getClass(), 0), Ctx, true).getTypePtr()));
  if (const auto* FT = dyn_cast<FunctionProtoType>(Ty)) {
    std::vector<QualType> Params;
    for (QualType P : FT->param_types()) Params.push_back(qualifiedDeep(writtenParameterType(P), Ctx));
    return Requal(Ctx.getFunctionType(qualifiedDeep(FT->getReturnType(), Ctx), Params, FT->getExtProtoInfo()));
  }
  // Elsewhere than in a parameter list, a decayed parameter type is its pointer.
  if (const auto* DT = dyn_cast<DecayedType>(Ty)) return Requal(qualifiedDeep(DT->getDecayedType(), Ctx));
  // Arrays: their element type (a member typedef) needs its scope too. A
  // bound is printed as its value, so it names nothing.
  if (const auto* AT = dyn_cast<ConstantArrayType>(Ty))
    return Requal(Ctx.getConstantArrayType(qualifiedDeep(AT->getElementType(), Ctx), AT->getSize(), nullptr,
                                           AT->getSizeModifier(), AT->getIndexTypeCVRQualifiers()));
  if (const auto* AT = dyn_cast<IncompleteArrayType>(Ty))
    return Requal(Ctx.getIncompleteArrayType(qualifiedDeep(AT->getElementType(), Ctx), AT->getSizeModifier(),
                                             AT->getIndexTypeCVRQualifiers()));
  // A member of a specialization as written, `typename ::lib::Pick<0, const
  // Mark&>::type` (gmock's mock methods spell their parameters so): TypeName
  // leaves a qualifier that begins with `::` as it is, and clang prints a
  // qualifier's template arguments without their scope (`Mark`,
  // `basic_string<char, char_traits<char>, ...>`, which name nothing outside
  // the class that wrote them). The qualifier's class is qualified itself.
  if (const Type* Scope = specializationQualifier(T)) {
    QualType Qualified = qualifiedDeep(QualType(Scope, 0), Ctx);
    auto* Outer = NestedNameSpecifier::Create(Ctx, nullptr, /*Template=*/false, Qualified.getTypePtr());
    const auto* E = cast<ElaboratedType>(Ty);
    return Requal(Ctx.getElaboratedType(E->getKeyword(), Outer, E->getNamedType()));
  }
  // Declared in a class template: TypeName would qualify it with the
  // template's first specialisation, wrong for every other (and inside the
  // template itself, an instantiation within its own definition). Only the
  // template's own code names it (a thunk in its class): as written.
  const NamedDecl* D = nullptr;
  if (const auto* TT = T->getAs<TypedefType>()) D = TT->getDecl();
  else if (const auto* TT = T->getAs<TagType>()) D = TT->getDecl();
  if (D && D->getDeclContext()->isDependentContext()) return T;
  QualType Full = TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/true);
  return qualifiedArguments(Full, Ctx);
}

/// Whether T names a class the compiler made up, which no code can name
/// (`__va_list_tag`, what `va_list` is an array of).
bool namesImplicitRecord(QualType T) {
  if (T.isNull()) return false;
  T = T.getCanonicalType();
  while (true) {
    if (const auto* PT = T->getAs<PointerType>()) T = PT->getPointeeType();
    else if (const auto* RT = T->getAs<ReferenceType>()) T = RT->getPointeeType();
    else if (const auto* AT = T->getAsArrayTypeUnsafe()) T = AT->getElementType();
    else break;
  }
  const auto* RD = T->getAsRecordDecl();
  return RD && RD->isImplicit();
}

}  // namespace

QualType writtenParameterType(QualType T) {
  if (T.isNull()) return T;
  if (const auto* DT = dyn_cast<DecayedType>(T.getTypePtr())) return DT->getOriginalType();
  return T;
}

std::string TUEnv::typeSpelling(QualType T, const std::string& Name) const {
  // `va_list` decayed is `__va_list_tag *`, which no code can write.
  if (const auto* DT = dyn_cast<DecayedType>(T.getTypePtr()); DT && namesImplicitRecord(DT->getDecayedType()))
    return "::std::decay_t<" + typeSpelling(DT->getOriginalType()) + ">" + (Name.empty() ? "" : " " + Name);
  PrintingPolicy P(LO);
  P.SuppressUnwrittenScope = true;
  P.FullyQualifiedName = true;
  QualType Q = qualifiedDeep(T, Ctx);
  std::string S;
  llvm::raw_string_ostream OS(S);
  Q.print(OS, P, Name);
  return S;
}

namespace {

bool nonPublicMember(const NamedDecl* D) {
  return D && isa<CXXRecordDecl>(D->getDeclContext()) && D->getAccess() != AS_public && D->getAccess() != AS_none;
}

// Declared inside a function (a local class, or a member of one: fmt's
// FMT_STRING makes `FMT_COMPILE_STRING::char_type` in a lambda): no name
// for it outside that function.
bool declaredInFunction(const NamedDecl* D) { return D && D->getParentFunctionOrMethod() != nullptr; }

bool unnameable(const NamedDecl* D) { return nonPublicMember(D) || declaredInFunction(D); }

/// Whether writing T as printed names a typedef or class that Hidden says
/// cannot be named (accessibleTypeSpelling: a non-public member of its class).
bool mentionsHidden(QualType T, llvm::function_ref<bool(const NamedDecl*)> Hidden) {
  auto Rec = [&](QualType U) { return mentionsHidden(U, Hidden); };
  if (T.isNull()) return false;
  const Type* Ty = T.getTypePtr();
  // Printed in full, a member's name spells the classes around it with their
  // arguments (`std::set<std::string, (lambda at ...)>::value_type`).
  auto Scope = [&](const Decl* D) {
    const auto* Outer = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    return Outer && !Outer->isLambda() && Rec(QualType(Outer->getTypeForDecl(), 0));
  };
  auto Args = [&](llvm::ArrayRef<TemplateArgument> As) {
    for (const TemplateArgument& A : As) {
      if (A.getKind() == TemplateArgument::Type && Rec(A.getAsType())) return true;
      if (A.getKind() == TemplateArgument::Pack)
        for (const TemplateArgument& P : A.pack_elements())
          if (P.getKind() == TemplateArgument::Type && Rec(P.getAsType())) return true;
    }
    return false;
  };
  if (const auto* TT = dyn_cast<TypedefType>(Ty)) return Hidden(TT->getDecl()) || Scope(TT->getDecl());
  if (const auto* ET = dyn_cast<ElaboratedType>(Ty)) {
    const NestedNameSpecifier* Q = ET->getQualifier();
    return Rec(ET->getNamedType()) || (Q && Q->getAsType() && Rec(QualType(Q->getAsType(), 0)));
  }
  if (const auto* PT = dyn_cast<PointerType>(Ty)) return Rec(PT->getPointeeType());
  if (const auto* RT = dyn_cast<ReferenceType>(Ty)) return Rec(RT->getPointeeType());
  if (const auto* MP = dyn_cast<MemberPointerType>(Ty))
    return Rec(MP->getPointeeType()) || Rec(QualType(MP->getClass(), 0));
  if (const auto* AT = dyn_cast<ArrayType>(Ty)) return Rec(AT->getElementType());
  if (const auto* PT = dyn_cast<ParenType>(Ty)) return Rec(PT->getInnerType());
  if (const auto* AT = dyn_cast<AdjustedType>(Ty)) return Rec(AT->getOriginalType());
  if (const auto* FT = dyn_cast<FunctionProtoType>(Ty)) {
    if (Rec(FT->getReturnType())) return true;
    for (QualType P : FT->param_types())
      if (Rec(P)) return true;
    return false;
  }
  if (const auto* TS = dyn_cast<TemplateSpecializationType>(Ty)) {
    if (Args(TS->template_arguments())) return true;
    return TS->isTypeAlias() ? Rec(TS->getAliasedType()) : false;
  }
  if (const auto* RT = dyn_cast<RecordType>(Ty)) {
    if (Hidden(RT->getDecl()) || Scope(RT->getDecl())) return true;
    const auto* S = dyn_cast<ClassTemplateSpecializationDecl>(RT->getDecl());
    return S && Args(S->getTemplateArgs().asArray());
  }
  if (const auto* ET = dyn_cast<EnumType>(Ty)) return Hidden(ET->getDecl()) || Scope(ET->getDecl());
  return false;
}

}  // namespace

std::string integerLiteral(llvm::APSInt V) {
  if (V.isSigned() && V.isMinSignedValue()) return "(" + llvm::toString(++V, 10) + " - 1)";
  return llvm::toString(V, 10) + (V.isUnsigned() && V.getActiveBits() > 63 ? "ull" : "");
}

std::string asTypeSpecifier(const std::string& Spelling) {
  if (Spelling.find_first_of("([") == std::string::npos) return Spelling;
  return "::std::type_identity_t<" + Spelling + ">";
}

std::string TUEnv::accessibleTypeSpelling(QualType T) const {
  if (!mentionsHidden(T, unnameable)) return typeSpelling(T);
  QualType C = T.getCanonicalType();
  if (mentionsHidden(C, unnameable) || namesImplicitRecord(C)) return "";
  return typeSpelling(C);
}

bool TUEnv::namesLocalType(QualType T) { return mentionsHidden(T.getCanonicalType(), declaredInFunction); }

std::string TUEnv::anchorTypeSpelling(QualType T) {
  // A non-public member of a class that befriends the anchors is nameable.
  auto Hidden = [this](const NamedDecl* D) { return D && !nameableInAnchor(D); };
  if (!mentionsHidden(T, Hidden)) return typeSpelling(T);
  QualType C = T.getCanonicalType();
  if (mentionsHidden(C, Hidden) || namesImplicitRecord(C)) return "";
  return typeSpelling(C);
}

}  // namespace cassette::rewrite

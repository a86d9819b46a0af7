#include "Twins.h"

#include <map>
#include <set>

#include "EditSet.h"
#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cassette::rewrite {

TwinWriter::TwinWriter(TUEnv& Env, FileID File) : Env(Env), File(File), Buffer(Env.SM.getBufferData(File)) {}

unsigned TwinWriter::offset(SourceLocation L) const { return Env.SM.getDecomposedLoc(L).second; }

void TwinWriter::dropWords(EditSet& Edits, SourceLocation From, SourceLocation To,
                           std::initializer_list<llvm::StringRef> Words, bool StopAtBody) {
  unsigned Begin = offset(From), End = offset(To);
  Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
  Token T;
  int Depth = 0;
  while (!Raw.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    unsigned At = offset(T.getLocation());
    if (At >= End || T.is(tok::eof)) break;
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::less)) ++Depth;
    if (T.isOneOf(tok::r_paren, tok::r_square, tok::greater)) --Depth;
    if (StopAtBody && Depth <= 0 && T.isOneOf(tok::l_brace, tok::colon, tok::semi, tok::equal)) break;
    if (T.is(tok::raw_identifier) && Depth <= 0)
      for (llvm::StringRef W : Words)
        if (T.getRawIdentifier() == W) Edits.add(ByteRange{At, At + T.getLength()}, [] { return std::string(); });
  }
}

std::optional<unsigned> TwinWriter::declarationEnd(const FunctionDecl* D) {
  if (D->doesThisDeclarationHaveABody()) {
    // Only the end matters: the declaration may begin with a macro.
    SourceLocation Last = D->getSourceRange().getEnd();
    auto R = Env.spelledRange(SourceRange(Last, Last), File);
    if (!R) return std::nullopt;
    return R->End;
  }
  SourceLocation L = D->getEndLoc();
  if (L.isMacroID()) L = Env.SM.getExpansionRange(L).getEnd();  // `void f() PUGIXML_OVERRIDE;`
  if (L.isMacroID() || Env.SM.getFileID(L) != File) return std::nullopt;
  unsigned From = offset(L);
  Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + From, Buffer.end());
  Token T;
  int Depth = 0;
  std::optional<unsigned> MacroEnd;  // after a macro use that may supply the `;`
  while (!Raw.LexFromRawLexer(T) && T.isNot(tok::eof)) {
    if (T.isOneOf(tok::l_paren, tok::l_brace, tok::l_square)) ++Depth;
    if (T.isOneOf(tok::r_paren, tok::r_brace, tok::r_square)) --Depth;
    if (T.is(tok::semi) && Depth <= 0) return offset(T.getLocation()) + 1;
    if (Depth < -1) break;  // past the declaration's end: its `;` came from a macro
    if (Depth <= 0 && T.is(tok::raw_identifier) && Env.Ctx.Idents.get(T.getRawIdentifier()).hadMacroDefinition()) {
      // `void f(int) BRANCH({}, ;)`: a `;` inside the arguments is not ours to
      // write after; the declaration ends with the macro's use (or the `;`
      // right after it, as in `void f() OVERRIDE;`).
      MacroEnd = offset(T.getLocation()) + T.getLength();
      Token Next;
      Raw.LexFromRawLexer(Next);
      if (Next.is(tok::l_paren)) {
        for (int Parens = 1; Parens > 0 && !Raw.LexFromRawLexer(Next) && Next.isNot(tok::eof);)
          Parens += Next.is(tok::l_paren) ? 1 : Next.is(tok::r_paren) ? -1 : 0;
        if (Next.isNot(tok::r_paren)) return std::nullopt;
        MacroEnd = offset(Next.getLocation()) + 1;
        Raw.LexFromRawLexer(Next);
      }
      if (Next.is(tok::semi)) return offset(Next.getLocation()) + 1;
      // What may still follow in the declaration: go on; anything else
      // belongs to the next declaration.
      bool More = Next.isOneOf(tok::equal, tok::arrow, tok::amp, tok::ampamp, tok::l_square);
      if (Next.is(tok::raw_identifier)) {
        llvm::StringRef W = Next.getRawIdentifier();
        More = llvm::is_contained(
                   {"override", "final", "noexcept", "throw", "const", "volatile", "requires", "__attribute__"}, W) ||
               Env.Ctx.Idents.get(W).hadMacroDefinition();
      }
      if (!More) return MacroEnd;
      Raw.seek(offset(Next.getLocation()), /*IsAtStartOfLine=*/false);
    }
  }
  if (T.is(tok::semi)) return offset(T.getLocation()) + 1;
  return MacroEnd;
}

// `const volatile &&` as a member function's type spells them.
static std::string cvRefQualifiers(const CXXMethodDecl* MD) {
  std::string Q;
  if (MD->getMethodQualifiers().hasConst()) Q += " const";
  if (MD->getMethodQualifiers().hasVolatile()) Q += " volatile";
  if (MD->getRefQualifier() == RQ_LValue) Q += " &";
  if (MD->getRefQualifier() == RQ_RValue) Q += " &&";
  return Q;
}

// A function template some of whose specializations are explicit
// (yaml-cpp's Node::Assign<std::string>): for their arguments the original
// call runs the specialization, which has no twin, and the twin must too, or
// it runs the template's body instead (for yaml-cpp, without end). The
// condition on the template's parameters that says "these are an explicit
// specialization's arguments"; "" when there is none; nothing when the twin
// cannot spell it.
static std::optional<std::string> explicitSpecializationCondition(TUEnv& Env, const FunctionDecl* D,
                                                                  const FunctionTemplateDecl* FTD) {
  const TemplateParameterList* TPL = FTD->getTemplateParameters();
  // The twin follows the template's definition, where a class declared later
  // (`struct Late {}; template <> int describe(const Late&)`) cannot be named.
  auto DeclaredBefore = [&](QualType T) {
    while (true) {
      QualType Next = T->isReferenceType() ? T->getPointeeType()
                      : T->isPointerType() ? T->getPointeeType()
                      : T->isArrayType()   ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                                           : QualType();
      if (Next.isNull()) break;
      T = Next;
    }
    const TagDecl* Tag = T->getAsTagDecl();
    if (const auto* S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Tag))
      Tag = S->getSpecializedTemplate()->getTemplatedDecl();
    return !Tag || Env.SM.isBeforeInTranslationUnit(Tag->getCanonicalDecl()->getLocation(), D->getLocation());
  };
  std::vector<std::string> Conditions;
  for (const FunctionDecl* S : FTD->specializations()) {
    if (S->getTemplateSpecializationKind() != TSK_ExplicitSpecialization) continue;
    const TemplateArgumentList* Args = S->getTemplateSpecializationArgs();
    if (!Args || Args->size() != TPL->size()) return std::nullopt;
    std::string Same;
    for (unsigned I = 0; I < TPL->size(); ++I) {
      const NamedDecl* P = TPL->getParam(I);
      const TemplateArgument& A = Args->get(I);
      if (P->getName().empty() || P->isTemplateParameterPack()) return std::nullopt;
      std::string Name = P->getNameAsString();
      if (isa<TemplateTypeParmDecl>(P) && A.getKind() == TemplateArgument::Type && DeclaredBefore(A.getAsType()))
        Same +=
            (Same.empty() ? "" : " && ") + ("::std::is_same_v<" + Name + ", " + Env.typeSpelling(A.getAsType()) + ">");
      else if (isa<NonTypeTemplateParmDecl>(P) && A.getKind() == TemplateArgument::Integral &&
               !A.getIntegralType()->isEnumeralType())
        Same += (Same.empty() ? "" : " && ") + ("(" + Name + " == " + toString(A.getAsIntegral(), 10) + ")");
      else return std::nullopt;
    }
    Conditions.push_back("(" + Same + ")");
  }
  return llvm::join(Conditions, " || ");
}

// What starts the twin's body then: `if constexpr (<condition>) return
// <the original>(<parameters>); else {`. Unnamed parameters get a name in the
// twin (Edits); nothing when that, or the call, cannot be written.
static std::optional<std::string> explicitSpecializationGuard(TUEnv& Env, const FunctionDecl* D,
                                                              const FunctionTemplateDecl* FTD,
                                                              const std::string& Condition, EditSet* Edits) {
  // Tagged parameters would need their values taken; a constructor cannot be
  // called as a function.
  // An rvalue-qualified member cannot be called on `*this`, an lvalue.
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  if (Env.Tagging.twinSignaturesDiffer() || isa<CXXConstructorDecl, CXXConversionDecl>(D) || D->isVariadic() ||
      (MD && MD->getRefQualifier() == RQ_RValue))
    return std::nullopt;
  const TemplateParameterList* TPL = FTD->getTemplateParameters();
  // `operator< <T>`: without the space, `<<`.
  std::string Callee = D->getNameAsString() + (D->isOverloadedOperator() ? " <" : "<");
  for (unsigned I = 0; I < TPL->size(); ++I) Callee += (I ? ", " : "") + TPL->getParam(I)->getNameAsString();
  Callee += ">";
  if (MD && !MD->isStatic()) Callee = "this->template " + Callee;
  else if (!MD)
    if (std::optional<std::string> Q = TUEnv::namespaceQualifier(D)) Callee = *Q + Callee;
  SourceManager& SM = Env.SM;
  std::string Args;
  for (unsigned I = 0; I < D->getNumParams(); ++I) {
    const ParmVarDecl* P = D->getParamDecl(I);
    std::string Name = P->getNameAsString();
    if (Name.empty()) {  // `void f(std::stringstream&) {}`: named in the twin
      SourceLocation L = P->getLocation();
      if (L.isInvalid() || L.isMacroID() || SM.getFileID(L) != SM.getFileID(D->getLocation())) return std::nullopt;
      Name = "cassette_param" + std::to_string(I);
      unsigned At = SM.getDecomposedLoc(L).second;
      if (Edits) Edits->add(ByteRange{At, At}, [Name] { return " " + Name; });
    }
    Args += (Args.empty() ? "" : ", ") + ("static_cast<decltype(" + Name + ")&&>(" + Name + ")");
  }
  return " if constexpr (" + Condition + ") return " + Callee + "(" + Args + "); else {";
}

bool explicitSpecializationsGuardable(TUEnv& Env, const FunctionDecl* FD) {
  const FunctionDecl* D = FD;
  if (!FD->isDefined(D)) return true;
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  if (!FTD) return true;
  std::optional<std::string> Condition = explicitSpecializationCondition(Env, D, FTD);
  if (!Condition) return false;
  if (Condition->empty()) return true;
  const auto* Body = dyn_cast<CompoundStmt>(D->getBody());
  return Body && !Body->getLBracLoc().isMacroID() && !Body->getRBracLoc().isMacroID() &&
         explicitSpecializationGuard(Env, D, FTD, *Condition, nullptr);
}

// A constructor has no address for an anchor to keep (see anchor), and once
// inlined into the anchor's factory or derived class, an optimizing compiler
// drops the instantiation other files link against: `used` keeps it.
static std::string keptConstructor(const FunctionDecl* D) {
  return isa<CXXConstructorDecl>(D) && TwinWriter::needsAnchor(D) ? "[[gnu::used]] " : "";
}

/// The context type parameter: appended to D's template parameter list, or
/// a `template <class CassetteCtx>` header of its own.
void TwinWriter::contextParameter(EditSet& Edits, const FunctionDecl* D, SourceLocation Begin) {
  SourceManager& SM = Env.SM;
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  SourceLocation FriendLoc;  // of a friend declaration: its `friend`
  if (D->getFriendObjectKind() != Decl::FOK_None)
    if (const auto* RD = dyn_cast<CXXRecordDecl>(D->getLexicalDeclContext()))
      for (const FriendDecl* F : RD->friends())
        if (F->getFriendDecl() == D || (FTD && F->getFriendDecl() == FTD)) FriendLoc = F->getFriendLoc();
  const TemplateParameterList* TPL = FTD ? FTD->getTemplateParameters() : nullptr;
  if (TPL && TPL->getTemplateLoc().isValid() && TPL->getRAngleLoc().isValid() && !TPL->getRAngleLoc().isMacroID()) {
    unsigned At = offset(TPL->getRAngleLoc());
    bool Empty = TPL->size() == 0 || llvm::all_of(*TPL, [](const NamedDecl* P) { return P->isImplicit(); });
    Edits.add(ByteRange{At, At}, [Empty] { return std::string(Empty ? "" : ", ") + "class " + CtxParam; });
  } else {
    SourceLocation At = FriendLoc.isValid() && !FTD ? FriendLoc : D->getInnerLocStart();
    // Specifiers before `friend` (FMT_CONSTEXPR_CHAR_TRAITS friend auto
    // operator==): the header goes before them.
    if (At == FriendLoc && SM.isBeforeInTranslationUnit(Begin, FriendLoc)) At = Begin;
    // A leading macro (FMT_CONSTEXPR20): the template header goes before the
    // declaration, after the class templates' headers of an out-of-line member.
    unsigned O = 0;
    std::string Head = std::string("template <class ") + CtxParam + "> " + keptConstructor(D);
    unsigned Outer = D->getNumTemplateParameterLists();
    if (!At.isMacroID()) {
      O = offset(At);
    } else if (SourceLocation R = Outer ? D->getTemplateParameterList(Outer - 1)->getRAngleLoc() : SourceLocation();
               R.isValid() && R.isFileID() && SM.getFileID(R) == File) {
      O = offset(R) + 1;
      Head = " " + Head;
    } else {
      O = offset(Begin);
    }
    Edits.add(ByteRange{O, O}, [Head] { return Head; });
  }
}

/// What a conversion's twin returns: the type it converts to, without a
/// qualifier that means nothing on a returned non-class type
/// (`operator char* const ()`; -Wignored-qualifiers would say so).
static QualType conversionTwinResult(const CXXConversionDecl* CD) {
  QualType T = CD->getConversionType();
  return T->isRecordType() ? T : T.getUnqualifiedType();
}

/// Where a conversion's type is written after `operator` (a TypeLoc's range
/// would leave out a leading `const`: `operator const char*`); nullopt where
/// a macro spells it.
std::optional<ByteRange> TwinWriter::writtenConversionType(const FunctionDecl* D, ByteRange Name) {
  TypeSourceInfo* TSI = D->getNameInfo().getNamedTypeInfo();
  std::optional<ByteRange> TR = TSI ? Env.spelledRange(TSI->getTypeLoc().getSourceRange(), File) : std::nullopt;
  if (!TR || TR->Begin < Name.Begin || !Buffer.slice(Name.Begin, TR->End).starts_with("operator")) return std::nullopt;
  return ByteRange{Name.Begin + unsigned(llvm::StringRef("operator").size()), TR->End};
}

/// The twin's name in place of D's (a conversion's twin also returns what
/// it converts to); why not when a macro spells what must change.
std::optional<SkipReason> TwinWriter::twinNameEdit(EditSet& Edits, const FunctionDecl* D, SourceLocation Begin) {
  std::optional<ByteRange> NameRange = Env.spelledRange(D->getNameInfo().getSourceRange(), File);
  std::optional<ByteRange> Paren = Env.spelledRange(SourceRange(D->getFunctionTypeLoc().getLParenLoc()), File);
  if (isa<CXXConstructorDecl, CXXDestructorDecl>(D) && NameRange) {
    // A constructor or destructor named with its class's template arguments
    // (qhull's `QhullSet<T>(const Qhull &q, setT *s)`, allowed before C++20):
    // after the twin's template header that reads as a partial
    // specialization. The twin's name goes without them.
    if (Paren && NameRange->End < Paren->Begin && Buffer.slice(NameRange->End, Paren->Begin).ltrim().starts_with("<")) {
      if (isa<CXXConstructorDecl>(D)) Edits.add(ByteRange{NameRange->End, Paren->Begin}, [] { return std::string(); });
      else NameRange->End = Paren->Begin;
    }
  }
  if (isa<CXXConstructorDecl>(D)) return std::nullopt;
  if (!NameRange) return SkipReason::NameInMacro;
  std::string Twin = TUEnv::twinName(D);
  if (isa<CXXDestructorDecl>(D)) {
    // `~T()` becomes a member function `void cassette_twin_destructor()`:
    // the return type goes before the qualifier of one defined out of line.
    NestedNameSpecifierLoc Q = D->getQualifierLoc();
    std::optional<ByteRange> Front = Q ? Env.spelledRange(Q.getSourceRange(), File) : NameRange;
    if (!Front) return SkipReason::QualifierInMacro;
    Edits.add(ByteRange{Front->Begin, Front->Begin}, [] { return std::string("void "); });
  }
  if (const auto* CD = dyn_cast<CXXConversionDecl>(D)) {
    // A conversion's name runs to its `(`: a qualifier written after the type
    // (`operator char* const ()`, `operator T& __restrict ()`) has no place
    // in a TypeLoc's range.
    if (!Paren) return SkipReason::NameInMacro;
    NameRange->End = std::max(NameRange->End, Paren->Begin);
    QualType Returned = conversionTwinResult(CD);
    // The type as written, unless a qualifier follows it (then spelled).
    std::optional<ByteRange> TR = writtenConversionType(D, *NameRange);
    bool QualifiedAfter = TR && !Buffer.slice(TR->End, Paren->Begin).trim().empty();
    std::optional<std::string> Written = TR && !QualifiedAfter
                                             ? std::optional<std::string>(Buffer.slice(TR->Begin, TR->End).trim().str())
                                             : std::nullopt;
    // The twin returns what the conversion converts to. Out of line, a type
    // written after `operator` is looked up in the class; before the
    // qualifier it is spelled in full.
    if (NestedNameSpecifierLoc Q = D->getQualifierLoc()) {
      std::optional<ByteRange> QR = Env.spelledRange(Q.getSourceRange(), File);
      if (!QR) return SkipReason::QualifierInMacro;
      // A type that depends on the class template's parameters (date's
      // `operator local_time<typename zoned_time<Duration, TimeZonePtr>::duration>()`)
      // is returned as written, in a trailing return type, where it is
      // looked up in the class as after `operator`: spelled in full it named
      // the template's first instance.
      if (Written && Returned->isDependentType() && D->doesThisDeclarationHaveABody()) {
        std::optional<ByteRange> Body = Env.spelledRange(SourceRange(D->getBody()->getBeginLoc()), File);
        if (!Body) return SkipReason::BodyInMacro;
        Edits.add(ByteRange{QR->Begin, QR->Begin}, [] { return std::string("auto "); });
        Edits.add(ByteRange{Body->Begin, Body->Begin}, [T = *Written] { return "-> " + T + " "; });
      } else {
        std::string Type = Env.typeSpelling(Returned);
        Edits.add(ByteRange{QR->Begin, QR->Begin}, [Type] { return Type + " "; });
      }
    } else {
      if (!TR) return SkipReason::ConversionTypeInMacro;
      Twin = Written.value_or(Env.typeSpelling(Returned)) + " " + Twin;
    }
    dropWords(Edits, Begin, D->getFunctionTypeLoc().getLParenLoc(), {"explicit"}, false);
  }
  Edits.add(*NameRange, [Twin] { return Twin; });
  return std::nullopt;
}

/// What a function template cannot be: virtual, an override, final, constexpr.
void TwinWriter::dropSpecifiers(EditSet& Edits, const FunctionDecl* D, SourceLocation Begin, unsigned End) {
  SourceManager& SM = Env.SM;
  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  dropWords(Edits, Begin, FTL.getLParenLoc(), {"virtual", "constexpr", "consteval"}, false);
  // Up to the body, or to the `;` of a declaration (`override` is not in its range).
  SourceLocation After =
      D->doesThisDeclarationHaveABody() ? D->getBody()->getBeginLoc() : SM.getComposedLoc(File, End - 1);
  if (!After.isMacroID() && SM.isBeforeInTranslationUnit(FTL.getRParenLoc(), After))
    dropWords(Edits, FTL.getRParenLoc(), After, {"override", "final"}, true);
  // ... also when a macro spells them (`PUGIXML_OVERRIDE`): drop the macro.
  for (const Attr* A : D->attrs())
    if (isa<OverrideAttr, FinalAttr>(A) && A->getLocation().isMacroID()) {
      CharSourceRange R = SM.getExpansionRange(A->getLocation());
      std::optional<ByteRange> B = Env.spelledRange(R.getAsRange(), File);
      if (B) Edits.add(*B, [] { return std::string(); });
    }
}

/// `void f(const V v);` declared, `void C::f(V v) { v.pop(); }` defined: clang
/// 19 gives the twin's definition the declaration's `const V v` when the twin
/// is used before it is defined (the original's forward in whole-program
/// mode), and `v.pop()` no longer compiles. A top-level qualifier on a
/// declaration's parameter is no part of the function's type, so the twin's
/// declaration drops it: every `const`/`volatile` outside brackets after the
/// last such `*` (`const V v`, `V const v`, `const char* const p` keeps its
/// first `const`). A qualifier a macro or a declarator in parentheses spells
/// stays.
void TwinWriter::dropParameterQualifiers(EditSet& Edits, const FunctionDecl* D) {
  for (const ParmVarDecl* P : D->parameters()) {
    TypeSourceInfo* TSI = P->getTypeSourceInfo();
    if (!TSI || !TSI->getType().hasLocalQualifiers()) continue;
    SourceLocation From = P->getBeginLoc(), To = P->getLocation();
    if (From.isMacroID() || To.isMacroID() || Env.SM.getFileID(From) != File || Env.SM.getFileID(To) != File) continue;
    unsigned Begin = offset(From), End = P->getDeclName() ? offset(To) : Buffer.size();
    Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
    std::vector<ByteRange> Qualifiers;
    int Depth = 0;
    for (Token T; !Raw.LexFromRawLexer(T) && T.isNot(tok::eof);) {
      unsigned At = offset(T.getLocation());
      if (At >= End) break;
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::less)) ++Depth;
      if (T.isOneOf(tok::r_paren, tok::r_square, tok::greater)) --Depth;
      if (T.is(tok::greatergreater)) Depth -= 2;  // `V<W<int>> const v`
      if (Depth < 0 || (Depth == 0 && T.isOneOf(tok::comma, tok::equal))) break;  // an unnamed parameter ends
      if (Depth == 0 && T.is(tok::star)) Qualifiers.clear();
      if (Depth == 0 && T.is(tok::raw_identifier) &&
          (T.getRawIdentifier() == "const" || T.getRawIdentifier() == "volatile"))
        Qualifiers.push_back(ByteRange{At, At + T.getLength()});
    }
    for (ByteRange Q : Qualifiers) Edits.add(Q, [] { return std::string(); });
  }
}

/// A default argument that this declaration adds to an earlier one (an
/// out-of-line definition's `bool is_lookup_ = false`): the twin, a function
/// template declared before, cannot take it, so its copy drops ` = value`
/// (the calls that use it pass it, classifyArgs). False when that text
/// cannot be found.
bool TwinWriter::dropAddedDefaultArguments(EditSet& Edits, const FunctionDecl* D) {
  for (const ParmVarDecl* P : D->parameters()) {
    if (!TUEnv::defaultArgumentAddedLater(P) || P->hasInheritedDefaultArg()) continue;
    std::optional<ByteRange> Value = Env.spelledRange(P->getDefaultArgRange(), File);
    if (!Value) return false;
    size_t Equal = Buffer.slice(0, Value->Begin).rtrim().size();
    if (Equal == 0 || Buffer[Equal - 1] != '=') return false;
    Edits.add(ByteRange{static_cast<unsigned>(Equal - 1), Value->End}, [] { return std::string(); });
  }
  return true;
}

// An attribute that names parameters by position, with its positions one
// more (the slot comes first): format, format_arg, nonnull, alloc_size,
// alloc_align. Empty for any other, and for nonnull without positions.
static std::string shiftedPositions(const Attr* A) {
  std::string Name = A->getSpelling();
  auto Next = [](ParamIdx I) { return std::to_string(I.getSourceIndex() + 1); };
  if (const auto* F = dyn_cast<FormatAttr>(A))
    return Name + "(" + F->getType()->getName().str() + ", " + std::to_string(F->getFormatIdx() + 1) + ", " +
           std::to_string(F->getFirstArg() ? F->getFirstArg() + 1 : 0) + ")";
  if (const auto* F = dyn_cast<FormatArgAttr>(A)) return Name + "(" + Next(F->getFormatIdx()) + ")";
  if (const auto* N = dyn_cast<NonNullAttr>(A); N && N->args_size()) {
    std::string Out;
    for (ParamIdx I : N->args()) Out += (Out.empty() ? "" : ", ") + Next(I);
    return Name + "(" + Out + ")";
  }
  if (const auto* S = dyn_cast<AllocSizeAttr>(A))
    return Name + "(" + Next(S->getElemSizeParam()) +
           (S->getNumElemsParam().isValid() ? ", " + Next(S->getNumElemsParam()) : "") + ")";
  if (const auto* L = dyn_cast<AllocAlignAttr>(A)) return Name + "(" + Next(L->getParamIndex()) + ")";
  return "";
}

/// Attributes that name parameters by position: the slot is one more in
/// front (`format(printf, 2, 3)` on a logger becomes `(printf, 3, 4)`).
/// Spelled by a macro (glog's `GLOG_ATTRIBUTE_FORMAT(printf, 3, 4)`), the
/// macro's use is replaced when all it makes is such attributes.
void TwinWriter::shiftParameterAttributes(EditSet& Edits, const FunctionDecl* D, ByteRange Range) {
  struct MacroUse {
    ByteRange Range;
    std::string Shifted;  // its attributes, positions one more
    bool OnlyPositional = true;
  };
  std::map<unsigned, MacroUse> MacroUses;  // by the use's offset
  for (const Attr* A : D->attrs()) {
    if (A->getLocation().isMacroID()) {
      CharSourceRange Use = Env.SM.getExpansionRange(A->getLocation());
      std::optional<ByteRange> R = Env.spelledRange(Use.getAsRange(), File);
      if (!R || !Range.contains(*R)) continue;
      MacroUse& U = MacroUses.try_emplace(R->Begin, MacroUse{*R, "", true}).first->second;
      std::string Text = shiftedPositions(A);
      if (Text.empty()) U.OnlyPositional = false;
      else U.Shifted += (U.Shifted.empty() ? "" : " ") + ("__attribute__((" + Text + "))");
      continue;
    }
    std::optional<ByteRange> R = Env.spelledRange(A->getRange(), File);
    if (!R || !Range.contains(*R)) continue;
    if (std::string Text = shiftedPositions(A); !Text.empty()) Edits.add(*R, [Text] { return Text; });
  }
  for (const auto& [Begin, U] : MacroUses)
    if (U.OnlyPositional) Edits.add(U.Range, [Text = U.Shifted] { return Text; });
}

/// A use expanded in the main file says the numbers of __COUNTER__ it took;
/// its CASSETTE_COUNTER_TAKEN stays with the original, so that the copy
/// takes none (TUEnv::bodyTakesCounter).
void TwinWriter::dropCounterTaken(EditSet& Edits, ByteRange R) const {
  if (!Env.Macros) return;
  for (ByteRange T : Env.Macros->counterTakenUses(File, R)) Edits.add(T, [] { return std::string(); });
}

/// A template with explicit specialisations: its twin's body runs them for
/// their arguments. False when that cannot be written.
bool TwinWriter::specializationGuard(EditSet& Edits, const FunctionDecl* D, const FunctionTemplateDecl* FTD) {
  // (A function-try-block has no braces of its own to put the guard in.)
  const auto* Body = dyn_cast<CompoundStmt>(D->getBody());
  std::optional<std::string> Condition = explicitSpecializationCondition(Env, D, FTD);
  std::optional<std::string> Guard;
  if (Body && Condition && !Condition->empty() && !Body->getLBracLoc().isMacroID() && !Body->getRBracLoc().isMacroID())
    Guard = explicitSpecializationGuard(Env, D, FTD, *Condition, &Edits);
  if (!Condition || (!Condition->empty() && !Guard)) return false;
  if (Guard) {
    unsigned L = offset(Body->getLBracLoc()) + 1, R = offset(Body->getRBracLoc());
    Edits.add(ByteRange{L, L}, [G = *Guard] { return G; });
    Edits.add(ByteRange{R, R}, [] { return std::string(" }"); });
  }
  return true;
}

std::optional<SkipReason> TwinWriter::twinHead(EditSet& Edits, const FunctionDecl* D, ByteRange Range,
                                               std::function<std::string()> SlotText) {
  SourceLocation Begin = Env.SM.getComposedLoc(File, Range.Begin);
  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  // 1. The context type parameter.
  contextParameter(Edits, D, Begin);
  // 2. The context slot, first parameter.
  unsigned LParen = offset(FTL.getLParenLoc()), RParen = offset(FTL.getRParenLoc());
  if (D->getNumParams() == 0 && !D->isVariadic()) Edits.add(ByteRange{LParen + 1, RParen}, SlotText);
  else Edits.add(ByteRange{LParen + 1, LParen + 1}, [SlotText] { return SlotText() + ", "; });
  // 3. Its own name (constructors stay constructors).
  if (std::optional<SkipReason> Why = twinNameEdit(Edits, D, Begin)) return Why;
  // 4. What a function template cannot be: virtual, an override, constexpr;
  // attributes that name parameters by position.
  dropSpecifiers(Edits, D, Begin, Range.End);
  if (!dropAddedDefaultArguments(Edits, D)) return SkipReason::DeclarationInMacro;
  shiftParameterAttributes(Edits, D, Range);
  return std::nullopt;
}

// One line of C++ from a declaration's text, lexed by clang's raw lexer:
// the comments and line breaks between its tokens become one space, tokens
// written together stay together. Nothing when it holds a directive.
static std::optional<std::string> onOneLine(const LangOptions& LO, llvm::StringRef Text) {
  std::string Owned = Text.str();  // the lexer reads up to a terminating NUL
  Lexer Raw(SourceLocation(), LO, Owned.data(), Owned.data(), Owned.data() + Owned.size());
  std::string Line;
  const char* Previous = Owned.data();
  for (Token T; !Raw.LexFromRawLexer(T) || T.isNot(tok::eof);) {
    if (T.is(tok::eof)) break;
    if (T.is(tok::hash) && T.isAtStartOfLine()) return std::nullopt;
    const char* End = Raw.getBufferLocation();
    const char* Begin = End - T.getLength();
    if (Begin != Previous && !Line.empty()) Line += ' ';
    Line.append(Begin, End);
    Previous = End;
  }
  return Line;
}

static bool hasDefaultArgument(const NamedDecl* P) {
  if (const auto* T = dyn_cast<TemplateTypeParmDecl>(P)) return T->hasDefaultArgument();
  if (const auto* N = dyn_cast<NonTypeTemplateParmDecl>(P)) return N->hasDefaultArgument();
  if (const auto* TT = dyn_cast<TemplateTemplateParmDecl>(P)) return TT->hasDefaultArgument();
  return false;
}

std::optional<std::string> TwinWriter::declarationBefore(const FunctionDecl* D) {
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  std::optional<SourceLocation> Start = Env.writtenStart(D);
  const auto* Body = dyn_cast_or_null<CompoundStmt>(D->getBody());
  SourceManager& SM = Env.SM;
  if (!FTD || !Start || !Body || Start->isMacroID() || SM.getFileID(*Start) != File ||
      Body->getLBracLoc().isMacroID() || SM.getFileID(Body->getLBracLoc()) != File)
    return std::nullopt;
  // A default argument is given once: here and on the twin's definition
  // would be twice.
  for (const ParmVarDecl* P : D->parameters())
    if (P->hasDefaultArg()) return std::nullopt;
  for (const NamedDecl* P : *FTD->getTemplateParameters())
    if (hasDefaultArgument(P)) return std::nullopt;
  ByteRange Range{offset(*Start), offset(Body->getLBracLoc())};
  EditSet Edits(Buffer);
  dropCounterTaken(Edits, Range);
  std::string Slot = std::string("::cassette::Twin<") + CtxParam + ">";
  if (twinHead(Edits, D, Range, [Slot] { return Slot; })) return std::nullopt;
  std::optional<std::string> Text = onOneLine(Env.LO, Edits.render(Range));
  if (!Text) return std::nullopt;
  return *Text + ";";
}

std::optional<Insertion> TwinWriter::twin(const FunctionDecl* D, const std::string* StubBody) {
  std::string Name = Env.calleeName(D);
  auto Skip = [&](SkipReason Why) -> std::optional<Insertion> {
    Env.skipped(Name, Why, D->getLocation());
    return std::nullopt;
  };
  SourceManager& SM = Env.SM;
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  std::optional<SourceLocation> Start = Env.writtenStart(D);
  if (!Start && D->doesThisDeclarationHaveABody() && Env.printableTwin(D)) return printedTwin(D);
  if (TUEnv::declaredThroughTypedef(D)) return printedDeclaration(D);
  if (!Start) return Skip(SkipReason::DeclarationInMacro);
  SourceLocation Begin = *Start;
  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  std::optional<unsigned> End = declarationEnd(D);
  if (!End || SM.getFileID(Begin) != File) return Skip(SkipReason::DeclarationInMacro);
  ByteRange Range{offset(Begin), *End};

  EditSet Edits(Buffer);
  dropCounterTaken(Edits, Range);
  // Named only when the body uses it, so the twin compiles warning-free.
  bool SlotUsed = false;
  bool MaybeUnused = false;  // used only in a marker's alternative (a base initialiser)
  std::string Slot = std::string("::cassette::Twin<") + CtxParam + ">";
  auto SlotText = [&SlotUsed, &MaybeUnused, Slot] {
    return SlotUsed ? (MaybeUnused ? "[[maybe_unused]] " : "") + Slot + " " + CtxVar : Slot;
  };
  unsigned RParen = offset(FTL.getRParenLoc());
  if (std::optional<SkipReason> Why = twinHead(Edits, D, Range, SlotText)) return Skip(*Why);
  unhideOwnName(Edits, D, Range);
  if (!D->doesThisDeclarationHaveABody() && !Env.Tagging.twinSignaturesDiffer()) dropParameterQualifiers(Edits, D);
  // 5. The body.
  if (StubBody) {
    // A stub: the body the passes made, whose calls are rewritten in the
    // parse that sees it (Passes.h). Its slot is named: the pass's text may use it.
    std::optional<ByteRange> Body = Env.spelledRange(D->getBody()->getSourceRange(), File);
    if (!Body) return std::nullopt;
    Edits.add(*Body, [StubBody] { return *StubBody; });
    SlotUsed = MaybeUnused = true;
    std::string Text = Edits.render(Range);
    if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) Text += constructorFactory(Ctor, Edits, Range);
    if (twinNeedsCxxLinkage(D)) Text = "extern \"C++\" " + Text;
    return Insertion{Range.End, Env.writtenLine(Begin), Text, ""};
  }
  SiteCollector Sites(Env, Edits, File);
  if (D->doesThisDeclarationHaveABody()) Sites.collect(D);
  else Sites.Tagging.signature(D);
  if (FTD && D->doesThisDeclarationHaveABody() && !specializationGuard(Edits, D, FTD))
    return Skip(SkipReason::ExplicitSpecializationsUnspelled);
  // main may end without a return; its twin is an ordinary function.
  if (D->isMain())
    if (const auto* Body = dyn_cast_or_null<CompoundStmt>(D->getBody()); Body && !Body->getRBracLoc().isMacroID()) {
      unsigned At = offset(Body->getRBracLoc());
      Edits.add(ByteRange{At, At}, [] { return std::string(" return 0; "); });
    }

  if (D->doesThisDeclarationHaveABody()) {
    std::optional<ByteRange> Body = Env.spelledRange(D->getBody()->getSourceRange(), File);
    SlotUsed = !Body || llvm::StringRef(Edits.render(*Body)).contains(CtxVar);
    if (isa<CXXConstructorDecl>(D)) {
      std::string Inits = Edits.render(ByteRange{RParen, Body ? Body->Begin : RParen});
      MaybeUnused = !SlotUsed && Inits.find(MarkerOpen) != std::string::npos;
      SlotUsed = SlotUsed || llvm::StringRef(Inits).contains(CtxVar);
    }
  }
  std::string Text = Edits.render(Range);
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) Text += constructorFactory(Ctor, Edits, Range);
  if (twinNeedsCxxLinkage(D)) Text = "extern \"C++\" " + Text;
  if (D->doesThisDeclarationHaveABody()) Env.Rep.twinned(Name, Env.location(D->getLocation()));
  return Insertion{Range.End, Env.writtenLine(Begin), Text, ""};
}

// The twin is declared after its function, where the function's own name is
// in scope: a type of the signature spelled with that name (flatbuffers'
// `virtual void String(const String*)`, `Kind Kind() const`) would name the
// function there. It is spelled to name the type again: `struct String`
// (an elaborated name skips functions), `::ns::Kind` for a typedef.
void TwinWriter::unhideOwnName(EditSet& Edits, const FunctionDecl* D, ByteRange Range) {
  const IdentifierInfo* Own = D->getIdentifier();
  const TypeSourceInfo* TSI = D->getTypeSourceInfo();
  if (!Own || !TSI) return;
  struct Finder : RecursiveASTVisitor<Finder> {
    const IdentifierInfo* Own;
    std::vector<std::pair<SourceLocation, std::string>> Found;  // where, what goes before
    bool TraverseElaboratedTypeLoc(ElaboratedTypeLoc E) {
      if (E.getTypePtr()->getKeyword() == ElaboratedTypeKeyword::None && !E.getQualifierLoc())
        unqualified(E.getNamedTypeLoc());
      return RecursiveASTVisitor::TraverseElaboratedTypeLoc(E);
    }
    void unqualified(TypeLoc T) {
      if (auto Tag = T.getAs<TagTypeLoc>(); Tag && Tag.getDecl()->getIdentifier() == Own) {
        Found.push_back({Tag.getNameLoc(), Tag.getDecl()->getKindName().str() + " "});
      } else if (auto Def = T.getAs<TypedefTypeLoc>(); Def && Def.getTypedefNameDecl()->getIdentifier() == Own) {
        const DeclContext* DC = Def.getTypedefNameDecl()->getDeclContext()->getRedeclContext();
        if (DC->isTranslationUnit()) Found.push_back({Def.getNameLoc(), "::"});
        else if (const auto* NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isAnonymousNamespace())
          Found.push_back({Def.getNameLoc(), "::" + NS->getQualifiedNameAsString() + "::"});
      }
    }
  } F;
  F.Own = Own;
  F.TraverseTypeLoc(TSI->getTypeLoc());
  for (const auto& [Loc, Text] : F.Found) {
    if (Loc.isMacroID() || Env.SM.getFileID(Loc) != File) continue;
    unsigned At = offset(Loc);
    if (At < Range.Begin || At >= Range.End) continue;
    Edits.add(ByteRange{At, At}, [Text] { return Text; });
  }
}

std::optional<Insertion> TwinWriter::printedTwin(const FunctionDecl* D) {
  const auto* Body = cast<CompoundStmt>(D->getBody());
  ByteRange BodyRange{offset(Body->getLBracLoc()), offset(Body->getRBracLoc()) + 1};
  EditSet Edits(Buffer);
  dropCounterTaken(Edits, BodyRange);
  SiteCollector Sites(Env, Edits, File);
  const llvm::DenseSet<const ParmVarDecl*>& Renamed = Sites.Tagging.printedSignature();
  Sites.collect(D);
  std::string BodyText = Edits.render(BodyRange);
  std::string Text = printedSignature(D, llvm::StringRef(BodyText).contains(CtxVar), &Renamed) + " " + BodyText;
  if (twinNeedsCxxLinkage(D)) Text = "extern \"C++\" " + Text;
  Env.Rep.twinned(Env.calleeName(D), Env.location(D->getLocation()));
  return Insertion{BodyRange.End, Env.writtenLine(Body->getLBracLoc()), Text, ""};
}

// A function declared through a typedef of its type (re2's `SearchImpl
// SearchDFA, SearchNFA;`) has no parameter list to edit: its twin's
// declaration is printed, after the declaration's `;`.
std::optional<Insertion> TwinWriter::printedDeclaration(const FunctionDecl* D) {
  std::optional<unsigned> End = declarationEnd(D);
  if (!End) {
    Env.skipped(Env.calleeName(D), SkipReason::DeclarationInMacro, D->getLocation());
    return std::nullopt;
  }
  std::string Text = printedSignature(D, /*NamesContext=*/false, nullptr) + ";";
  if (twinNeedsCxxLinkage(D)) Text = "extern \"C++\" " + Text;
  return Insertion{*End, Env.writtenLine(D->getLocation()), Text, ""};
}

std::string TwinWriter::printedSignature(const FunctionDecl* D, bool NamesContext,
                                         const llvm::DenseSet<const ParmVarDecl*>* Renamed) {
  std::string Text = std::string("template <class ") + CtxParam + "> " + keptConstructor(D);
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  if (MD ? MD->isStatic() : D->getStorageClass() == SC_Static) Text += "static ";
  if (D->isInlineSpecified()) Text += "inline ";
  // A trailing return type prints any type; a deduced one is spelled as declared.
  QualType Ret = D->getDeclaredReturnType();
  // --tagging: by-value numbers are tagged values, as the anchors and the
  // calls expect (what TaggingPlanner::signature does to a written declaration).
  std::string TaggedRet;
  if (Env.Tagging.taggedInSignature(D->getReturnType()) && !isa<CXXConversionDecl>(D))
    TaggedRet = Env.Tagging.signatureType(D->getReturnType(), Env.typeSpelling(D->getReturnType()));
  bool Deduced = Ret->getContainedAutoType() != nullptr && TaggedRet.empty();
  Text += (Deduced ? Env.typeSpelling(Ret) : std::string("auto")) + " " + TUEnv::twinName(D) + "(::cassette::Twin<" +
          CtxParam + ">";
  // Named only when the body uses it, so the twin compiles warning-free.
  if (NamesContext) Text += std::string(" ") + CtxVar;
  for (const ParmVarDecl* P : D->parameters()) {
    std::string Name = (Renamed && Renamed->count(P) ? "cassette_param_" : "") + P->getNameAsString();
    if (Env.Tagging.taggedInSignature(P->getType()))
      Text += ", " + Env.Tagging.signatureType(P->getType(), Env.typeSpelling(P->getType())) + " " + Name;
    else Text += ", " + Env.typeSpelling(writtenParameterType(P->getType()), Name);
  }
  if (D->isVariadic()) Text += ", ...";
  Text += ")";
  if (MD) Text += cvRefQualifiers(MD);
  if (D->getType()->castAs<FunctionProtoType>()->isNothrow()) Text += " noexcept";
  if (!Deduced) Text += " -> " + (TaggedRet.empty() ? Env.typeSpelling(Ret) : TaggedRet);
  return Text;
}

// A constructor has no address, so an anchor cannot keep its twin's
// instantiation (and compilers emit only some of a constructor's variants).
// A constructor that is declared in its class and defined out of line also
// gets a static factory, cassette_construct_, returning the object as a
// prvalue; other files construct through it.
// A constructor template of a class that is not one gets it too: a unit
// that instantiates it explicitly anchors the instance through it
// (instanceAnchor), as fmt's format.cc does locale_ref(const std::locale&).
static bool isConstructorTemplateOfPlainClass(const CXXConstructorDecl* Ctor) {
  return Ctor->getDescribedFunctionTemplate() && !Ctor->getParent()->isDependentContext() &&
         Ctor->isExternallyVisible();
}

static bool hasFactory(const CXXConstructorDecl* Ctor) {
  const CXXConstructorDecl* First = Ctor->getCanonicalDecl();
  return Ctor->isOutOfLine() && Ctor->doesThisDeclarationHaveABody() &&
         (TwinWriter::needsAnchor(Ctor) || isConstructorTemplateOfPlainClass(Ctor)) &&
         !Ctor->getParent()->isAbstract() && !Ctor->isVariadic() && !First->isOutOfLine() &&
         !First->doesThisDeclarationHaveABody();
}

/// P as the definition writes it, renamed to Name. The factory's definition
/// stands beside the constructor's, so its names resolve as they do there; a
/// type spelled in full may not (jsoncpp's `Value::ObjectValues::iterator`
/// is a std::map iterator of a private class). Nullopt where that text
/// cannot be taken (no name, a default argument, a pack, a macro).
std::optional<std::string> TwinWriter::writtenParameter(const ParmVarDecl* P, const std::string& Name) {
  if (!P->getIdentifier() || P->hasDefaultArg() || P->isParameterPack()) return std::nullopt;
  std::optional<ByteRange> Whole = Env.spelledRange(P->getSourceRange(), File);
  std::optional<ByteRange> Id = Env.spelledRange(SourceRange(P->getLocation(), P->getLocation()), File);
  if (!Whole || !Id || Id->Begin < Whole->Begin || Id->End > Whole->End) return std::nullopt;
  if (Buffer.slice(Id->Begin, Id->End) != P->getName()) return std::nullopt;
  return (Buffer.slice(Whole->Begin, Id->Begin) + Name + Buffer.slice(Id->End, Whole->End)).str();
}

std::string TwinWriter::constructorFactory(const CXXConstructorDecl* Ctor, EditSet& Edits, ByteRange Range) {
  std::string Class = Ctor->getParent()->getNameAsString();
  if (!Ctor->isOutOfLine() && !Ctor->doesThisDeclarationHaveABody()) {
    // A factory cannot forward a C variadic constructor's `...`: none, so
    // that construct_twin does not pick one that is never defined.
    if (Ctor->isVariadic()) return "";
    // Nor where no definition gets one (hasFactory): a constructor of a class
    // template, or one defined inline (Imath's `constexpr inline
    // Vec3<T>::Vec3(T, T, T)`), constructs its twin directly where it is used.
    if (Ctor->isTemplated() && !isConstructorTemplateOfPlainClass(Ctor)) return "";
    if (const FunctionDecl* Def = nullptr; Ctor->isDefined(Def) && !hasFactory(cast<CXXConstructorDecl>(Def)))
      return "";
    // The declaration: the twin's text with the name turned into the factory's.
    std::optional<ByteRange> Name = Env.spelledRange(Ctor->getNameInfo().getSourceRange(), File);
    if (!Name) return "";
    Edits.add(*Name, [Class] { return "static " + Class + " cassette_construct_"; });
    dropWords(Edits, Env.SM.getComposedLoc(File, Range.Begin), Ctor->getFunctionTypeLoc().getLParenLoc(), {"explicit"},
              false);
    return " " + Edits.render(Range);
  }
  if (!hasFactory(Ctor)) return "";
  // Named as the constructor's own definition names its class (`A::B::B`),
  // which resolves where that definition stands; in full when a macro spells that.
  std::optional<ByteRange> Qual =
      Ctor->getQualifierLoc() ? Env.spelledRange(Ctor->getQualifierLoc().getSourceRange(), File) : std::nullopt;
  std::string Scope = Qual ? Buffer.slice(Qual->Begin, Qual->End).rtrim().str()  // "A::B::"
                           : Env.typeSpelling(Env.Ctx.getRecordType(Ctor->getParent())) + "::";
  std::string ClassName = llvm::StringRef(Scope).drop_back(2).str();
  // A constructor template's factory has its parameters, as its definition
  // spells them (an out-of-line definition has no default arguments).
  std::string Header = std::string("template <class ") + CtxParam + ">";
  if (const FunctionTemplateDecl* FTD = Ctor->getDescribedFunctionTemplate()) {
    const TemplateParameterList* TPL = FTD->getTemplateParameters();
    std::optional<ByteRange> Own = Env.spelledRange(SourceRange(TPL->getLAngleLoc(), TPL->getRAngleLoc()), File);
    if (!Own || Own->End - Own->Begin < 2) return "";
    Header = "template <" + Buffer.slice(Own->Begin + 1, Own->End - 1).str() + ", class " + CtxParam + ">";
  }
  std::string Params = std::string("::cassette::Twin<") + CtxParam + "> cassette_t", Args = "cassette_t";
  for (unsigned I = 0; I < Ctor->getNumParams(); ++I) {
    std::string P = "cassette_p" + std::to_string(I);
    QualType T = Ctor->getParamDecl(I)->getType();
    std::string Plain = Env.typeSpelling(writtenParameterType(T));
    std::string Tagged = Env.Tagging.signatureType(T, Plain);
    std::optional<std::string> Written = writtenParameter(Ctor->getParamDecl(I), P);
    Params += ", " + (Tagged != Plain ? Tagged + " " + P
                      : Written       ? *Written
                                      : Env.typeSpelling(writtenParameterType(T), P));
    Args += ", static_cast<decltype(" + P + ")&&>(" + P + ")";
  }
  // Its exception specification matches the declaration (copied from the constructor's).
  std::string Noexcept = Ctor->getType()->castAs<FunctionProtoType>()->isNothrow() ? " noexcept" : "";
  return "\n" + Header + " auto " + Scope + "cassette_construct_(" + Params + ")" + Noexcept + " -> " + ClassName +
         " { return " + ClassName + "(" + Args + "); }";
}

// Where lookup of Name from RD stops, once per path to it.
static void declaringClasses(const CXXRecordDecl* RD, DeclarationName Name, std::vector<const CXXRecordDecl*>& Out) {
  if (!RD) return;
  if (!RD->lookup(Name).empty()) {
    Out.push_back(RD);
    return;
  }
  for (const CXXBaseSpecifier& B : RD->bases())
    if (const CXXRecordDecl* C = B.getType()->getAsCXXRecordDecl()) declaringClasses(C->getDefinition(), Name, Out);
}

bool TwinWriter::needsAnchor(const FunctionDecl* D) {
  // A destructor's twin is called by its original only, in the same file.
  return !isa<CXXDestructorDecl>(D) && D->doesThisDeclarationHaveABody() && !D->isInlined() &&
         D->isExternallyVisible() && !D->isTemplated() && !D->getDescribedFunctionTemplate();
}

/// The base-object variant of Ctor, which a derived class's constructor
/// runs: an abstract class has only that one. A class derived from it,
/// declared in the anchor, makes it exist by constructing its base; the pure
/// virtual functions it must override trap (they are never called: nothing
/// constructs it). Types: the constructor's parameter types as anchors spell them.
void TwinWriter::baseObjectAnchor(Anchor& A, const CXXConstructorDecl* Ctor, const std::vector<std::string>& Types) {
  std::string BaseKey = TUEnv::baseObjectKey(Ctor);
  const CXXRecordDecl* RD = Ctor->getParent();
  std::string Class = Env.anchorTypeSpelling(Env.Ctx.getRecordType(RD));
  WhyNot Why;
  std::vector<const CXXMethodDecl*> Pure;
  if (!Env.baseAnchorable(Ctor, &Why, &Pure)) {
    A.Unanchored.push_back(
        {BaseKey, "its base-object constructor, which derived classes run: " + skipReasonCause(Why.reason()).str()});
    return;
  }
  std::string Named = std::string("::cassette::Twin<") + CtxParam + "> cassette_t", Args = "cassette_t";
  for (size_t I = 0; I < Types.size(); ++I) {
    std::string P = "cassette_p" + std::to_string(I);
    Named += ", " + asTypeSpecifier(Types[I]) + " " + P;
    Args += ", static_cast<decltype(" + P + ")&&>(" + P + ")";
  }
  std::string L = "struct cassette_base_ final : " + Class + " { cassette_base_(" + Named + ") : " + Class + "(" +
                  Args + ") {}" + pureOverriders(RD, Class, Pure);
  L += " static void cassette_make_(void* cassette_at, " + Named + ") { ::new (cassette_at) cassette_base_(" + Args +
       "); } };";
  std::string Text = "{ " + L + " [[gnu::used]] static constexpr auto cassette_k = &cassette_base_::cassette_make_; }";
  // Its destructor runs the class's: a pure virtual one that this unit does
  // not define may be defined nowhere (nothing else needed it).
  const CXXDestructorDecl* Dtor = RD->getDestructor();
  if (Dtor && Dtor->isPureVirtual() && !Dtor->isDefined()) {
    std::string DtorKey = TUEnv::definitionKey(Dtor);
    A.Text += twinIfDefined(markerKey(DtorKey, ""), Text, "");
    A.DefinedIf.push_back({BaseKey, DtorKey});
  } else {
    A.Text += Text;
    A.Defined.push_back(BaseKey);
  }
}

/// The trapping overriders of Pure in a class derived from RD (spelled Class).
std::string TwinWriter::pureOverriders(const CXXRecordDecl* RD, const std::string& Class,
                                       const std::vector<const CXXMethodDecl*>& Pure) {
  std::string L;
  std::set<std::string> Declared;  // one overrider per signature
  std::set<const CXXMethodDecl*> Overridden(Pure.begin(), Pure.end());
  std::set<DeclarationName> Used;
  for (const CXXMethodDecl* M : Pure) {
    // Overloads it does not override stay visible (gcc's -Woverloaded-virtual)
    // when the using-declaration can name them.
    if (!isa<CXXConversionDecl>(M) && Used.insert(M->getDeclName()).second) {
      std::vector<const CXXRecordDecl*> Found;
      declaringClasses(RD, M->getDeclName(), Found);
      if (Found.size() == 1) {
        auto Others = Found.front()->lookup(M->getDeclName());
        bool Hides =
            llvm::any_of(Others, [&](const NamedDecl* N) { return !Overridden.count(dyn_cast<CXXMethodDecl>(N)); });
        bool Nameable = llvm::all_of(Others, [&](const NamedDecl* N) { return Env.nameableInAnchor(N); });
        if (Hides && Nameable) L += " using " + Class + "::" + M->getNameAsString() + ";";
      }
    }
    std::string Ps;
    for (const ParmVarDecl* P : M->parameters())
      Ps += (Ps.empty() ? "" : ", ") + asTypeSpecifier(Env.anchorTypeSpelling(P->getType()));
    if (M->isVariadic()) Ps += Ps.empty() ? "..." : ", ...";
    std::string Decl =
        isa<CXXConversionDecl>(M)
            ? "operator " + asTypeSpecifier(Env.anchorTypeSpelling(cast<CXXConversionDecl>(M)->getConversionType())) +
                  "(" + Ps + ")" + cvRefQualifiers(M) + " noexcept"
            : "auto " + M->getNameAsString() + "(" + Ps + ")" + cvRefQualifiers(M) + " noexcept -> " +
                  Env.anchorTypeSpelling(M->getReturnType());
    if (Declared.insert(Decl).second) L += " " + Decl + " override { __builtin_trap(); }";
  }
  return L;
}

// decltype of a call of D's twin with these parameter types: on an object
// of Class (spelled, for a non-static member), or named in Scope.
std::string TwinWriter::deducedTwinResult(const FunctionDecl* D, const std::string& Class, const std::string& Scope,
                                          const std::vector<std::string>& Types) {
  std::string Args = std::string("::std::declval<::cassette::Twin<") + CtxParam + ">>()";
  for (const std::string& T : Types) Args += ", ::std::declval<" + T + ">()";
  std::string Twin = TUEnv::twinName(D) + "<" + CtxParam + ">";
  if (Class.empty()) return "decltype(" + Scope + Twin + "(" + Args + "))";
  const auto* MD = cast<CXXMethodDecl>(D);
  std::string Object =
      std::string(MD->isConst() ? "const " : "") + Class + (MD->getRefQualifier() == RQ_RValue ? "&&" : "&");
  return "decltype(::std::declval<" + Object + ">().template " + Twin + "(" + Args + "))";
}

// The anchors stand in ::cassette::rt::anchor_access::run, which every class of
// the tree with non-public members befriends (FileRewriter.cpp), so they can
// name private and protected twins (TUEnv::anchorable says when they cannot).
TwinWriter::Anchor TwinWriter::anchor(const FunctionDecl* D) {
  Anchor A;
  std::string Key = TUEnv::definitionKey(D);
  const auto* Ctor = dyn_cast<CXXConstructorDecl>(D);
  std::string BaseKey = Ctor ? TUEnv::baseObjectKey(Ctor) : "";
  auto Unanchored = [&](const std::string& K, const std::string& Why) {
    A.Unanchored.push_back({K, Why});
    return A;
  };
  if (!needsAnchor(D)) {
    // Inline, a template or internal: its twin is defined wherever it is called.
    A.Defined.push_back(Key);
    if (Ctor) A.Defined.push_back(BaseKey);
    return A;
  }
  WhyNot Why;
  if (!Env.anchorable(D, &Why) || D->getFriendObjectKind() != Decl::FOK_None) {
    // As the notes say it: the cause, without "no twin: " (it has one).
    std::string Cause = Why.empty() ? "a friend defined in its class" : skipReasonCause(Why.reason()).str();
    if (Ctor) A.Unanchored.push_back({BaseKey, Cause});
    return Unanchored(Key, Cause);
  }
  const DeclContext* DC = D->getDeclContext()->getRedeclContext();
  std::string Scope = "::";
  if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) Scope = Env.anchorTypeSpelling(Env.Ctx.getRecordType(RD)) + "::";
  else if (const auto* NS = dyn_cast<NamespaceDecl>(DC)) Scope = "::" + NS->getQualifiedNameAsString() + "::";
  std::string Slot = std::string("::cassette::Twin<") + CtxParam + ">";
  std::string Params = Slot;
  // Types too: a member typedef that is not public is nameable here when its
  // class befriends the anchors, else spelled as what it names.
  std::vector<std::string> Types;
  for (const ParmVarDecl* P : D->parameters()) {
    // As declared (arrays and functions adjust again in the list).
    Types.push_back(
        Env.Tagging.signatureType(P->getType(), Env.anchorTypeSpelling(writtenParameterType(P->getType()))));
    Params += ", " + Types.back();
  }
  if (D->isVariadic()) Params += ", ...";
  // A used static holding the address keeps the instantiation in the object file.
  std::string Keep = "{ [[gnu::used]] static constexpr auto cassette_k = ";
  if (Ctor) {
    const CXXRecordDecl* RD = Ctor->getParent();
    std::string Class = Env.anchorTypeSpelling(Env.Ctx.getRecordType(RD));
    if (!RD->isAbstract()) {
      // The complete-object variant, through its factory (see constructorFactory).
      if (!hasFactory(Ctor)) {
        A.Unanchored.push_back({BaseKey, "its class has no constructor factory here"});
        return Unanchored(Key, "its class has no constructor factory here");
      }
      A.Text += Keep + "static_cast<" + Class + " (*)(" + Params + ")>(&" + Scope + "template cassette_construct_<" +
                CtxParam + ">); }";
      A.Defined.push_back(Key);
      // For a class without virtual bases both variants have one body, which
      // compilers emit with the complete-object one (clang emits the base
      // variant only and uses it for both; gcc both in one comdat).
      if (RD->getNumVBases() == 0) {
        A.Defined.push_back(BaseKey);
        return A;
      }
    }
    baseObjectAnchor(A, Ctor, Types);
    return A;
  }
  const auto* CD = dyn_cast<CXXConversionDecl>(D);
  std::string RetType = Env.anchorTypeSpelling(CD ? conversionTwinResult(CD) : D->getReturnType());
  // A conversion operator's twin returns the type it converts to, plain (see
  // its declaration); other twins return tagged values.
  std::string Ret = asTypeSpecifier(CD ? RetType : Env.Tagging.signatureType(D->getReturnType(), RetType));
  std::string Target = "&" + Scope + TUEnv::twinName(D);
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  // A deduced return type that cannot be spelled here (a lambda's closure, a
  // local class): the twin's is its own such type anyway, named by a call.
  if (!CD && D->getDeclaredReturnType()->getContainedDeducedType() && Env.namesLocalType(D->getReturnType()))
    Ret = deducedTwinResult(D, MD && !MD->isStatic() ? Scope.substr(0, Scope.size() - 2) : "", Scope, Types);
  A.Defined.push_back(Key);
  if (!MD || MD->isStatic()) {
    A.Text += Keep + "static_cast<" + Ret + " (*)(" + Params + ")>(" + Target + "); }";
    return A;
  }
  std::string Quals = cvRefQualifiers(MD);
  if (D->getType()->castAs<FunctionProtoType>()->isNothrow()) Quals += " noexcept";
  A.Text += Keep + "static_cast<" + Ret + " (" + Scope + "*)(" + Params + ")" + Quals + ">(" + Target + "); }";
  return A;
}

// An integral template argument as an anchor spells it: `true`, an
// enumeration's value cast to its type (a number does not convert to an
// enumeration in a template argument: GeographicLib's
// `Value<true, SphericalEngine::FULL, 1>`), a number. Empty if the type
// cannot be spelled there.
static std::string integralArgument(TUEnv& Env, const TemplateArgument& A) {
  QualType T = A.getIntegralType();
  llvm::APSInt V = A.getAsIntegral();
  if (T->isBooleanType()) return V.getBoolValue() ? "true" : "false";
  std::string Number = integerLiteral(V);
  if (!T->isEnumeralType()) return Number;
  std::string Enum = Env.anchorTypeSpelling(T);
  return Enum.empty() ? "" : "static_cast<" + Enum + ">(" + Number + ")";
}

std::string TwinWriter::instanceAnchor(const FunctionDecl* D, const FunctionDecl* S) {
  // It stands in the anchors, which the tree's classes befriend.
  if (!Env.nameableInAnchor(D)) return "";
  const DeclContext* DC = D->getDeclContext()->getRedeclContext();
  std::string Scope;
  if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) {
    if (RD->isDependentContext() || RD->isLambda()) return "";
    Scope = Env.anchorTypeSpelling(Env.Ctx.getRecordType(RD)) + "::";
  } else if (const auto* NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isAnonymousNamespace()) {
    Scope = "::" + NS->getQualifiedNameAsString() + "::";
  } else if (DC->isTranslationUnit()) {
    Scope = "::";
  } else {
    return "";
  }
  const TemplateArgumentList* Args = S->getTemplateSpecializationArgs();
  if (!Args) return "";
  std::string ArgText;
  for (const TemplateArgument& A : Args->asArray()) {
    std::string One;
    if (A.getKind() == TemplateArgument::Type) One = Env.anchorTypeSpelling(A.getAsType());
    else if (A.getKind() == TemplateArgument::Integral) One = integralArgument(Env, A);
    if (One.empty()) return "";  // packs, templates, declarations: not spelled here
    ArgText += One + ", ";
  }
  std::string Params = std::string("::cassette::Twin<") + CtxParam + ">";
  for (const ParmVarDecl* P : S->parameters()) {
    std::string Type = Env.anchorTypeSpelling(writtenParameterType(P->getType()));
    if (Type.empty()) return "";
    Params += ", " + Env.Tagging.signatureType(P->getType(), Type);
  }
  if (S->isVariadic()) Params += ", ...";
  std::string Keep = "{ [[gnu::used]] static constexpr auto cassette_k = ";
  // A constructor has no address: the instance is kept through its class's
  // factory, which other units construct through (constructorFactory).
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) {
    if (!hasFactory(Ctor)) return "";
    std::string Class = llvm::StringRef(Scope).drop_back(2).str();
    return Keep + "static_cast<" + Class + " (*)(" + Params + ")>(&" + Scope + "template cassette_construct_<" +
           ArgText + CtxParam + ">); }";
  }
  std::string RetType = Env.anchorTypeSpelling(S->getReturnType());
  if (RetType.empty()) return "";
  std::string Ret = asTypeSpecifier(Env.Tagging.signatureType(S->getReturnType(), RetType));
  std::string Target = "&" + Scope + TUEnv::twinName(D) + "<" + ArgText + CtxParam + ">";
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  if (!MD || MD->isStatic()) return Keep + "static_cast<" + Ret + " (*)(" + Params + ")>(" + Target + "); }";
  std::string Quals = cvRefQualifiers(MD);
  if (S->getType()->castAs<FunctionProtoType>()->isNothrow()) Quals += " noexcept";
  return Keep + "static_cast<" + Ret + " (" + Scope + "*)(" + Params + ")" + Quals + ">(" + Target + "); }";
}

std::optional<Insertion> TwinWriter::thunk(const CXXMethodDecl* MD) {
  std::optional<unsigned> End = declarationEnd(MD);
  if (!End) return std::nullopt;
  const CXXRecordDecl* Class = MD->getParent();
  std::string Ret = Env.typeSpelling(MD->getReturnType());
  std::string Params = "::cassette::rt::AnyTwin cassette_any_";
  std::string Forwarded, Passed;
  bool Defaults = TUEnv::thunkHasDefaults(MD);
  for (unsigned I = 0; I < MD->getNumParams(); ++I) {
    std::string P = "cassette_p" + std::to_string(I);
    const ParmVarDecl* PD = MD->getParamDecl(I);
    Params += ", " + Env.typeSpelling(writtenParameterType(PD->getType()), P);
    if (std::optional<ByteRange> Default =
            Defaults && PD->hasDefaultArg() ? Env.spelledRange(PD->getDefaultArgRange(), File) : std::nullopt)
      Params += " = " + Buffer.slice(Default->Begin, Default->End).str();
    // decltype(p)&& collapses with a reference parameter type.
    Forwarded += (I ? ", " : "") + ("static_cast<decltype(" + P + ")&&>(" + P + ")");
    // The body every unit reads, a C++03 one too (rt/unit.hpp).
    Passed += (I ? ", " : "") + ("CASSETTE_THUNK_ARG(" + P + ")");
  }
  std::string Quals = cvRefQualifiers(MD);
  // The body every unit reads is declared in words a C++03 unit knows
  // (google benchmark's headers say `throw()` there): rt/unit.hpp.
  std::string PlainQuals = Quals;
  const auto* Proto = MD->getType()->castAs<FunctionProtoType>();
  if (Proto->getExceptionSpecType() == EST_DependentNoexcept) {
    FunctionTypeLoc FTL = MD->getFunctionTypeLoc();
    std::optional<ByteRange> Spec = FTL ? Env.spelledRange(FTL.getExceptionSpecRange(), File) : std::nullopt;
    if (Spec) Quals += " " + Buffer.slice(Spec->Begin, Spec->End).str();
    PlainQuals = Quals;  // a template's own `noexcept(...)`: not C++03 already
  } else if (Proto->isNothrow()) {
    Quals += " noexcept";
    PlainQuals += " CASSETTE_THUNK_NOEXCEPT";
  }
  std::string Thunk = TUEnv::thunkName(MD);
  // An override of a function that has a thunk overrides that thunk too;
  // it says so as the function does, since a class whose members say
  // `override` warns of one that does not (-Winconsistent-missing-override)
  // and one whose members do not should not start to.
  bool Overrides =
      (MD->hasAttr<OverrideAttr>() || MD->hasAttr<FinalAttr>()) &&
      llvm::any_of(MD->overridden_methods(), [&](const CXXMethodDecl* Base) { return Env.hasVirtualThunk(Base); });
  // The name, parameters and qualifiers go inside the return type's
  // declarator: `int (*cassette_virtual_f(int) const)(bool)` for a function
  // returning a function pointer (gmock's tests declare such methods).
  auto declared = [&](const std::string& Q) {
    return "virtual " + Env.typeSpelling(MD->getReturnType(), Thunk + "(" + Params + ")" + Q);
  };
  std::string Text = declared(Quals) + (Overrides ? " override" : "");
  // Below C++20 (a unit passed through, in a header) the thunk calls the
  // function: it is there so that the class's vtable is the same in every unit.
  // `*this` as the function's ref-qualifier asks: `this->f()` is an lvalue,
  // which cannot call a `&&` function (gmock's tests mock `f() const&&`).
  std::string Cls = Class->getNameAsString();
  std::string Self = "this->";
  if (MD->getRefQualifier() == RQ_RValue)
    Self = std::string("static_cast<") + (MD->getMethodQualifiers().hasConst() ? "const " : "") +
           (MD->getMethodQualifiers().hasVolatile() ? "volatile " : "") + Cls + "&&>(*this).";
  std::string Plain = " { (void)cassette_any_; return " + Self + MD->getNameAsString() + "(" + Passed + "); }";
  std::string BelowCxx20 = declared(PlainQuals) + (Overrides ? " CASSETTE_THUNK_OVERRIDE" : "") + Plain;
  // Whole-program mode: the thunk a class's own override does not replace
  // is reached for the class itself and for a derived class the rewriter
  // does not know (a local class, whose members have no twins and no
  // thunks): a virtual call of the original reaches the right function,
  // which enters its twin under the program's context (WholeProgramEntries.h).
  bool ForwardedEntries = !Env.Opts.OverdubMain.empty() && !Env.Tagging.twinSignaturesDiffer();
  if (MD->isPureVirtual() || ForwardedEntries) {
    // Not pure: an override that has no thunk of its own (one declared by a
    // macro) must still make its class concrete. Reaching this body means the
    // dynamic target has no twin; the call runs it as written.
    Text += Plain;
  } else {
    std::string Orig = Self + Cls + "::" + MD->getNameAsString() + "(" + Forwarded + ")";
    std::string Twin = Env.twinnable(MD) ? Self + Cls + "::" + TUEnv::twinName(MD) + "(cassette_t" +
                                               (Forwarded.empty() ? "" : ", " + Forwarded) + ")"
                                         : Orig;
    if (Twin != Orig && !MD->getReturnType()->isVoidType()) Twin = Env.Tagging.thunkResult(Twin);
    Text += " { return ::cassette::rt::dispatch_virtual<" + Ret +
            ">(cassette_any_, [&]([[maybe_unused]] auto& cassette_t) -> " + Ret + " { return " + Twin +
            "; }, [&]() -> " + Ret + " { return " + Orig + "; }); }";
  }
  return Insertion{*End, Env.writtenLine(MD->getLocation()), Text, BelowCxx20};
}

}  // namespace cassette::rewrite

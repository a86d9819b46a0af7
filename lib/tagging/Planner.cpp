#include "tagging/Planner.h"

#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "tagging/Analyses.h"

using namespace clang;

namespace cassette::rewrite {

using namespace tagging;

namespace {
/// A conversion between arithmetic types: cassette::rt::convert<T> keeps its metadata.
bool arithmeticConversion(CastKind K) {
  switch (K) {
    case CK_IntegralCast:
    case CK_FloatingCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_BooleanToSignedIntegral: return true;
    default: return false;
  }
}

// A volatile number carries no metadata (taggableType): it holds plain values.
bool volatileNumber(QualType T) { return T.isVolatileQualified() && T->isArithmeticType(); }

/// The element type of a std::vector, deque, list or forward_list; null
/// for any other type.
QualType sequenceElement(QualType T) {
  const auto* RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || RD->getTemplateArgs().size() == 0) return {};
  llvm::StringRef Name = RD->getName();
  if (Name != "vector" && Name != "deque" && Name != "list" && Name != "forward_list") return {};
  const TemplateArgument& Element = RD->getTemplateArgs()[0];
  return Element.getKind() == TemplateArgument::Type ? Element.getAsType() : QualType();
}

/// std::vector, deque, list or forward_list of a type that can carry
/// metadata: the element a braced list's i-th value makes is the i-th.
bool sequenceOfTaggable(QualType T) {
  QualType Element = sequenceElement(T);
  // vector<bool> packs its elements into bits: they have no addresses.
  return !Element.isNull() && taggableType(Element) && !Element->isBooleanType();
}

/// A sequence of such sequences (`std::vector<std::vector<int>>`), to any depth.
bool sequenceOfSequences(QualType T) {
  QualType Element = sequenceElement(T);
  return !Element.isNull() && (sequenceOfTaggable(Element) || sequenceOfSequences(Element));
}

/// The braced list a construction of a sequence takes as its only argument
/// (`std::vector<int>{a, b}`, an element `{a, b}` of an enclosing list), or null.
const InitListExpr* listOfSequence(const CXXConstructExpr* E) {
  if (!E || E->getNumArgs() == 0) return nullptr;
  const auto* Std = dyn_cast<CXXStdInitializerListExpr>(E->getArg(0)->IgnoreImplicit());
  for (unsigned I = 1; I < E->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(E->getArg(I))) return nullptr;  // `{a, b}, allocator`
  return Std ? dyn_cast<InitListExpr>(Std->getSubExpr()->IgnoreImplicit()) : nullptr;
}

// Whether each element of List (a sequence's list) can go into `listed`:
// numbers, or, for a sequence of sequences, braced lists of its elements
// (collected into Nested, to become `listed` themselves).
bool listableElements(const InitListExpr* List, QualType Sequence, std::vector<const InitListExpr*>& Nested) {
  const InitListExpr* Written = List->isSyntacticForm() ? List : List->getSyntacticForm();
  if (sequenceOfTaggable(Sequence)) {
    for (const Expr* Init : Written->inits())
      if (!Init || isa<InitListExpr, DesignatedInitExpr>(Init->IgnoreImplicit()) || Init->isTypeDependent() ||
          isa<PackExpansionExpr>(Init))
        return false;
    return true;
  }
  // Its elements as written are braced lists; as built, constructions of
  // the inner sequences from them.
  const InitListExpr* Built = List->isSemanticForm() ? List : List->getSemanticForm();
  if (!Built) return false;
  for (const Expr* Init : Built->inits()) {
    const auto* Inner = listOfSequence(dyn_cast_or_null<CXXConstructExpr>(Init ? Init->IgnoreImplicit() : nullptr));
    if (!Inner || Inner->getNumInits() == 0 || !Inner->getLBraceLoc().isFileID() ||
        !listableElements(Inner, Init->getType(), Nested))
      return false;
    Nested.push_back(Inner);
  }
  return true;
}

/// For `v[i]` where v names a std::vector or std::array variable (a name: it
/// has no side effects, so the load may name it again), v's spelling: the
/// load finds the element's slot from v.data()'s (cassette::rt::load_element).
std::string contiguousArrayOperand(const Expr* Sub, const SourceManager& SM, const LangOptions& LO) {
  const auto* Op = dyn_cast<CXXOperatorCallExpr>(Sub->IgnoreParens());
  if (!Op || Op->getOperator() != OO_Subscript || Op->getNumArgs() != 2) return {};
  const auto* D = dyn_cast<DeclRefExpr>(Op->getArg(0)->IgnoreParenImpCasts());
  if (!D || !isa<VarDecl>(D->getDecl()) || D->getBeginLoc().isMacroID() || D->getEndLoc().isMacroID()) return {};
  const auto* RD =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(D->getType().getNonReferenceType()->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || (RD->getName() != "vector" && RD->getName() != "array")) return {};
  return Lexer::getSourceText(CharSourceRange::getTokenRange(D->getSourceRange()), SM, LO).str();
}
}  // namespace

std::string tagging::canonicalSpelling(QualType T, const ASTContext& Ctx) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  return T.getCanonicalType().getUnqualifiedType().getAsString(P);
}

TaggingPlanner::TaggingPlanner(SiteCollector& Sites, TUEnv& Env, EditSet& Edits, FileID File)
    : Sites(Sites), Env(Env), Edits(Edits), File(File) {}

bool TaggingPlanner::active() const { return Env.Tagging.On && !Sites.leaveAsWritten(); }

std::string TaggingPlanner::valueType(const std::string& Type) {
  return std::string("::cassette::value_t<") + CtxParam + ", " + Type + ">";
}

bool TaggingPlanner::promotedRef(const Expr* E) const {
  const auto* D = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto* VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return VD && Promoted.count(VD);
}

bool TaggingPlanner::retypeVariable(const VarDecl* VD, bool AsValue) {
  TypeSourceInfo* TSI = VD->getTypeSourceInfo();
  if (!TSI) return false;
  TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();
  std::optional<ByteRange> R = Env.spelledRange(TL.getSourceRange(), File);
  if (!R) return false;
  bool Deduced = TL.getAs<AutoTypeLoc>() || TL.getAs<DeducedTemplateSpecializationTypeLoc>();
  std::string Type = Deduced ? canonicalSpelling(VD->getType(), Env.Ctx) : Edits.text(*R).str();
  if (!AsValue && !Deduced) return true;  // memory keeps its declared type
  std::string Text = AsValue ? valueType(Type) : Type;
  Edits.add(*R, [Text] { return Text; });
  return true;
}

void TaggingPlanner::declarations(const FunctionDecl* FD) {
  if (!Env.Tagging.On) return;
  // The signature: by-value arithmetic parameters and returns are values,
  // whatever the body does (a declaration elsewhere must agree with it).
  signature(FD);
  if (!FD->doesThisDeclarationHaveABody()) return;
  Escapes Scan = escapes(FD, Env.Ctx);
  for (const ParmVarDecl* P : FD->parameters())
    if (taggableType(P->getType()) && !P->getType()->isReferenceType()) {
      if (!Scan.Escaping.count(P)) Promoted.insert(P);
      else escapingParameter(FD, P);
    }
  relocations(FD, Scan.Escaping);
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD)) memberInitialisers(Ctor);
  localVariables(FD, Scan.Candidates, Scan.Escaping);
  clearedAtExit(FD);
}

/// `x(e)` for an arithmetic field records e's metadata for this->x.
void TaggingPlanner::memberInitialisers(const CXXConstructorDecl* Ctor) {
  for (const CXXCtorInitializer* Init : Ctor->inits()) {
    const FieldDecl* F = Init->getMember();
    if (!Init->isWritten() || !F || F->isBitField()) continue;
    if (!taggableType(F->getType()) && !isa<InitListExpr>(Init->getInit()->IgnoreImplicit())) continue;
    const Expr* E = Init->getInit();
    if (const auto* IL = dyn_cast<InitListExpr>(E->IgnoreImplicit()); IL && !taggableType(F->getType())) {
      initListFields(IL, "this->" + F->getNameAsString());
      continue;
    }
    if (const auto* PL = dyn_cast<ParenListExpr>(E)) E = PL->getNumExprs() == 1 ? PL->getExpr(0) : nullptr;
    if (const auto* IL = dyn_cast_or_null<InitListExpr>(E)) E = IL->getNumInits() == 1 ? IL->getInit(0) : nullptr;
    if (!E) continue;
    wrap(E, std::string("::cassette::rt::init(") + CtxVar + ", this->" + F->getNameAsString() + ", ",
         "member initialiser", SkipReason::MemberInitialiserInMacro);
  }
}

/// Locals that do not escape become values; the others stay in memory, and
/// their initialisers record the metadata for them.
void TaggingPlanner::localVariables(const FunctionDecl* FD, const std::vector<const VarDecl*>& Candidates,
                                    const llvm::DenseSet<const VarDecl*>& Escaping) {
  // Declarators sharing one written type must agree.
  llvm::DenseMap<unsigned, llvm::SmallVector<const VarDecl*, 2>> ByTypeStart;
  for (const VarDecl* VD : Candidates)
    if (!isa<ParmVarDecl>(VD) || VD->getDeclContext() != FD)
      ByTypeStart[VD->getTypeSpecStartLoc().getRawEncoding()].push_back(VD);
  for (auto& [Start, Group] : ByTypeStart) {
    bool AllValues = llvm::none_of(Group, [&](const VarDecl* VD) { return Escaping.count(VD); });
    for (const VarDecl* VD : Group) {
      if (AllValues && retypeVariable(VD, true)) {
        Promoted.insert(VD);
        continue;
      }
      if (isa<ParmVarDecl>(VD)) continue;  // a lambda's parameter that escapes stays plain
      if (!retypeVariable(VD, false)) continue;
      const Expr* Init = VD->getInit();
      if (const auto* IL = dyn_cast_or_null<InitListExpr>(Init))
        Init = IL->getNumInits() == 1 ? IL->getInit(0) : nullptr;
      if (!Init || Init->getBeginLoc().isInvalid()) continue;
      std::optional<ByteRange> R = Env.editableRange(Init->getSourceRange(), File);
      if (!R) {
        Sites.skip(Init, VD->getNameAsString(), SkipReason::InitialiserInMacro);
        continue;
      }
      Edits.wrap(*R, std::string("::cassette::rt::init(") + CtxVar + ", " + VD->getNameAsString() + ", ", ")");
    }
  }
}

void TaggingPlanner::signature(const FunctionDecl* FD) {
  if (!Env.Tagging.On || SignatureDone) return;
  SignatureDone = true;
  for (const ParmVarDecl* P : FD->parameters())
    if (taggableType(P->getType()) && !P->getType()->isReferenceType()) retypeVariable(P, true);
  QualType R = FD->getReturnType();
  if (isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD) || !taggableType(R) || R->isReferenceType())
    return;
  SourceRange RR = FD->getReturnTypeSourceRange();
  if (RR.isInvalid()) return;
  std::optional<ByteRange> B = Env.spelledRange(RR, File);
  if (!B) return;
  std::string Type = Edits.text(*B).str();
  if (Type == "auto" || Type == "decltype(auto)") Type = canonicalSpelling(R, Env.Ctx);
  std::string Text = valueType(Type);
  Edits.add(*B, [Text] { return Text; });
}

void TaggingPlanner::initListFields(const InitListExpr* IL, const std::string& Path) {
  if (!IL) return;
  if (const InitListExpr* Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm()) IL = Sem;
  ListsInitialisingMemory.insert(IL);
  if (const InitListExpr* Syn = IL->getSyntacticForm()) ListsInitialisingMemory.insert(Syn);
  auto One = [&](const Expr* Init, QualType T, const std::string& Place) {
    // A default member initialiser (`{.y = y}` leaves x's) is not written in the list.
    if (!Init || Init->getBeginLoc().isInvalid() || isa<ImplicitValueInitExpr, CXXDefaultInitExpr>(Init)) return;
    if (const auto* Sub = dyn_cast<InitListExpr>(Init->IgnoreImplicit())) return initListFields(Sub, Place);
    if (!taggableType(T)) return;
    wrap(Init, std::string("::cassette::rt::init(") + CtxVar + ", " + Place + ", ", "aggregate element",
         SkipReason::AggregateElementInMacro);
  };
  QualType T = IL->getType();
  if (const auto* AT = Env.Ctx.getAsConstantArrayType(T)) {
    for (unsigned I = 0; I < IL->getNumInits(); ++I)
      One(IL->getInit(I), AT->getElementType(), Path + "[" + std::to_string(I) + "]");
    return;
  }
  const auto* RD = T->getAsCXXRecordDecl();
  if (!RD || RD->isUnion() || RD->getNumBases() != 0) return;
  unsigned I = 0;
  for (const FieldDecl* F : RD->fields()) {
    if (I >= IL->getNumInits()) break;
    const Expr* Init = IL->getInit(I++);
    if (F->isBitField() || F->isUnnamedBitField()) continue;
    One(Init, F->getType(), Path + "." + F->getNameAsString());
  }
}

void TaggingPlanner::listIntoContainer(const CXXConstructExpr* E) {
  if (!active() || E->isTypeDependent() || E->getNumArgs() == 0) return;
  if (!sequenceOfTaggable(E->getType()) && !sequenceOfSequences(E->getType())) return;
  const InitListExpr* List = listOfSequence(E);
  if (!List || List->getNumInits() == 0 || ListsInitialisingMemory.count(List)) return;
  std::vector<const InitListExpr*> Nested;
  if (!listableElements(List, E->getType(), Nested)) return;
  const InitListExpr* Written = List->isSyntacticForm() ? List : List->getSyntacticForm();
  std::optional<ByteRange> R = Sites.editable(SourceRange(List->getLBraceLoc(), List->getRBraceLoc()));
  std::string Type = Env.accessibleTypeSpelling(E->getType().getUnqualifiedType());
  if (!R || Type.empty()) return;  // the elements go in untagged (bracedList)
  std::vector<unsigned> NestedBraces;
  for (const InitListExpr* Inner : Nested) {
    std::optional<ByteRange> IR = Sites.editable(SourceRange(Inner->getLBraceLoc(), Inner->getRBraceLoc()));
    if (!IR) return;
    NestedBraces.push_back(IR->Begin);
  }
  ListsInitialisingMemory.insert(List);
  ListsInitialisingMemory.insert(Written);
  // Inside the braces, so the construction keeps its braces: `T{V-prvalue}`
  // initialises from that prvalue, whichever form the list had. An inner
  // list `{a, b}` of a sequence of sequences becomes `listed{a, b}`, built
  // into its element by `build` (the elements are moved, not copied from an
  // initializer_list, so each keeps the storage its metadata is recorded for).
  // Each list of a sequence of sequences starts with `nested`: a list of one
  // list would otherwise deduce the copy of that list.
  std::string Nest = Nested.empty() ? "" : "::cassette::rt::nested, ";
  Edits.wrap(ByteRange{R->Begin + 1, R->End - 1},
             std::string("::cassette::rt::build<") + Type + ">(" + CtxVar + ", ::cassette::rt::listed{" + Nest, "})");
  for (size_t I = 0; I < Nested.size(); ++I) {
    ListsInitialisingMemory.insert(Nested[I]);
    if (const InitListExpr* S = Nested[I]->getSyntacticForm()) ListsInitialisingMemory.insert(S);
    // The brace replaced, not a point before it: the first inner list's
    // brace is where the outer wrap begins, which must come first.
    Edits.add(ByteRange{NestedBraces[I], NestedBraces[I] + 1},
              [] { return std::string("::cassette::rt::listed{::cassette::rt::nested, "); });
  }
}

void TaggingPlanner::bracedList(const InitListExpr* E) {
  if (!active() || E->isTypeDependent()) return;
  if (temporaryArgument(E)) return;
  // The elements' loads and conversions, which only the semantic form has.
  if (const InitListExpr* Sem = E->isSemanticForm() ? nullptr : E->getSemanticForm())
    for (const Expr* Init : Sem->inits())
      for (const Expr* X = Init; const auto* IC = dyn_cast_or_null<ImplicitCastExpr>(X); X = IC->getSubExpr())
        implicitCast(IC);
  if (ListsInitialisingMemory.count(E)) return;
  // A list that builds a temporary or a library object: its elements go in
  // as plain values (their metadata is not kept; docs/tagging.md).
  for (const Expr* Init : E->inits()) {
    // `{.y = y}`: the value, not the designator.
    if (const auto* D = dyn_cast_or_null<DesignatedInitExpr>(Init)) Init = D->getInit();
    if (!Init || Init->isTypeDependent() || !taggableType(Init->getType()) || isa<InitListExpr>(Init)) continue;
    if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Init->IgnoreParenImpCasts()))
      continue;
    wrap(Init, "::cassette::untag(", "list element", SkipReason::ListElementInMacro);
  }
}

void TaggingPlanner::implicitCast(const ImplicitCastExpr* E) {
  if (!active() || E->isTypeDependent() || E->isValueDependent()) return;
  const Expr* Sub = E->getSubExpr();
  switch (E->getCastKind()) {
    case CK_LValueToRValue: {
      if (!taggableType(E->getType()) || promotedRef(Sub) || Sub->refersToBitField()) return;
      // A constant carries no metadata: its uses stay constants.
      const auto* D = dyn_cast<DeclRefExpr>(Sub->IgnoreParens());
      if (D && constantVariable(dyn_cast<VarDecl>(D->getDecl()), Env.Ctx)) return;
      if (std::string Array = contiguousArrayOperand(Sub, Env.SM, Env.Ctx.getLangOpts()); !Array.empty())
        return wrap(Sub, std::string("::cassette::rt::load_element(") + CtxVar + ", ", "load", SkipReason::LoadInMacro,
                    ", " + Array + ")");
      return wrap(Sub, std::string("::cassette::rt::load(") + CtxVar + ", ", "load", SkipReason::LoadInMacro);
    }
    default:
      if (arithmeticConversion(E->getCastKind())) conversion(E->getType(), Sub);
  }
}

void TaggingPlanner::conversion(QualType To, const Expr* Sub) {
  if (!taggableType(To) || !taggableType(Sub->getType())) return;
  // A literal has no metadata to keep.
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Sub->IgnoreParenImpCasts())) return;
  wrap(Sub, "::cassette::rt::convert<" + canonicalSpelling(To, Env.Ctx) + ">(" + CtxVar + ", ", "conversion",
       SkipReason::ConversionInMacro);
}

void TaggingPlanner::wrap(const Expr* E, const std::string& Prefix, const char* What, SkipReason InMacro,
                          const std::string& Suffix) {
  std::optional<ByteRange> R = Env.editableRange(E->getSourceRange(), File);
  if (!R) return Sites.skip(E, What, InMacro);
  Edits.wrap(*R, Prefix, Suffix);
}

void TaggingPlanner::explicitCast(const ExplicitCastExpr* E) {
  if (!active() || E->isTypeDependent() || E->isValueDependent()) return;
  // A number cast to what carries no metadata (an enum, a pointer) is cast
  // from the plain number.
  const Expr* Sub = E->getSubExprAsWritten();
  if (!taggableType(E->getType()) && !E->getType()->isReferenceType() && !E->getType()->isVoidType())
    return untagged(Sub);
  if (E->getCastKind() != CK_NoOp && !arithmeticConversion(E->getCastKind())) return;
  if (!taggableType(E->getType()) || !taggableType(Sub->getType()) || E->getType()->isReferenceType()) return;
  // A constant stays a constant (an array bound, a template argument).
  if (E->getType()->isIntegralOrEnumerationType() && E->isIntegerConstantExpr(Env.Ctx)) return;
  std::optional<ByteRange> Whole = Sites.siteRange(E);
  std::optional<ByteRange> Inner = Env.editableRange(Sub->getSourceRange(), File);
  if (!Whole || !Inner) return;
  // `static_cast<double>(n)`: the conversion is the implicit one inside,
  // already a cassette::rt::convert; the cast itself adds nothing.
  if (E->getCastKind() == CK_NoOp) return Edits.add(*Whole, [this, Inner] { return "(" + Edits.render(*Inner) + ")"; });
  std::string To = canonicalSpelling(E->getType(), Env.Ctx);
  Edits.add(*Whole, [this, To, Inner] {
    return "::cassette::rt::convert<" + To + ">(" + CtxVar + ", " + Edits.render(*Inner) + ")";
  });
}

void TaggingPlanner::store(const BinaryOperator* E) {
  if (!active()) return;
  if (E->isTypeDependent()) {
    // A variable of a dependent type holds a plain value unless its type
    // is a tagged one (docs/tagging.md); what a dependent call returns may be
    // a twin's tagged value.
    const auto* D = dyn_cast<DeclRefExpr>(E->getLHS()->IgnoreParens());
    const auto* VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (VD && VD->getType()->isDependentType() && !VD->getType()->isReferenceType() && !VD->getName().empty()) {
      if (std::optional<ByteRange> R = Env.editableRange(E->getRHS()->getSourceRange(), File))
        Edits.wrap(*R, "::cassette::rt::held_as<decltype(" + VD->getNameAsString() + ")>(", ")");
      return;
    }
    // A place of a known number type (`r[i]` of a std::vector<double>&)
    // given what a dependent call returns: stored as any store is, since
    // the value may be a tagged one (issue 21: `r[i] = mark(v[i], m)`).
    const Expr* L = E->getLHS();
    if (E->getOpcode() != BO_Assign || L->isTypeDependent() || !L->isLValue()) return;
  }
  const Expr* L = E->getLHS();
  if (volatileNumber(L->getType())) return untagged(E->getRHS());
  if (!taggableType(L->getType()) || promotedRef(L) || L->refersToBitField()) return;
  std::optional<ByteRange> Whole = Sites.siteRange(E);
  std::optional<ByteRange> LR = Env.editableRange(L->getSourceRange(), File);
  std::optional<ByteRange> RR = Env.editableRange(E->getRHS()->getSourceRange(), File);
  if (!Whole || !LR || !RR) return Sites.skip(E, "assignment", SkipReason::AssignmentInMacro);
  Edits.add(*Whole, [this, LR, RR] {
    return std::string("::cassette::rt::assign(") + CtxVar + ", " + Edits.render(*LR) + ", " + Edits.render(*RR) + ")";
  });
}

void TaggingPlanner::switchCondition(const SwitchStmt* S) {
  if (active() && S->getCond()) untagged(S->getCond());  // a switch needs the plain value
}

void TaggingPlanner::arraySize(const CXXNewExpr* E) {
  if (!active() || !E->isArray()) return;
  if (std::optional<const Expr*> Size = E->getArraySize(); Size && *Size) untagged(*Size);
}

void TaggingPlanner::plainArguments(const FunctionDecl* Callee, llvm::ArrayRef<const Expr*> Args) {
  if (!active()) return;
  for (unsigned I = 0; I < Args.size(); ++I) {
    // A non-const reference parameter writes the caller's variable: left alone.
    if (I < Callee->getNumParams()) {
      QualType P = Callee->getParamDecl(I)->getType();
      if (P->isReferenceType() && !P.getNonReferenceType().isConstQualified()) continue;
    }
    untagged(Args[I]);
  }
}

bool TaggingPlanner::placementNew(const CXXNewExpr* E, const std::string& Name) {
  const CXXConstructExpr* CE = E->getConstructExpr();
  if (!Env.Tagging.On || !CE || E->getNumPlacementArgs() == 0) return false;
  plainArguments(CE->getConstructor(), llvm::ArrayRef<const Expr*>(CE->getArgs(), CE->getNumArgs()));
  Sites.skip(E, Name, SkipReason::PlacementNewTagging);
  return true;
}

/// As written: `decl = *it;`. With --tagging the element is bound first
/// (`auto&& e = *it;`) and a value reads its metadata (`cassette::rt::load`),
/// a variable in memory also records it (`cassette::rt::init`), a copied
/// struct copies its fields' (`cassette::rt::copied`).
TaggingPlanner::LoopElement TaggingPlanner::loopElement(const VarDecl* LoopVar, const std::string& Star,
                                                        const std::string& Element, bool InMemory) const {
  QualType T = LoopVar->getType();
  // An element made by the iterator (a prvalue) is not in memory the store knows.
  if (!Env.Tagging.On || !InMemory || isa<DecompositionDecl>(LoopVar) || T->isReferenceType() || T->isDependentType() ||
      LoopVar->getName().empty())
    return {"", Star, ""};
  std::string Name = LoopVar->getNameAsString();
  std::string Bind = "auto&& " + Element + " = " + Star + "; ";
  if (taggableType(T)) {
    std::string Load = std::string("::cassette::rt::load(") + CtxVar + ", " + Element + ")";
    if (Promoted.count(LoopVar)) return {Bind, Load, ""};
    return {Bind, std::string("::cassette::rt::init(") + CtxVar + ", " + Name + ", " + Load + ")", ""};
  }
  const auto* RD = T->getAsCXXRecordDecl();
  if (RD && RD->hasDefinition() && RD->isTriviallyCopyable())
    return {Bind, Element, std::string("::cassette::rt::copied(") + CtxVar + ", " + Name + ", " + Element + "); "};
  return {"", Star, ""};
}

std::vector<std::string> TaggingPlanner::twinArguments(const CallPlan& P, const std::vector<std::string>& Uses) const {
  std::vector<std::string> TwinUses = Uses;
  if (!Env.Tagging.On || !P.Callee || P.Callee->isDependentContext()) return TwinUses;
  for (size_t I = P.FirstParamArg; I < P.Args.size(); ++I) {
    if (P.Args[I].How == CallArg::Pack) break;
    size_t J = I - P.FirstParamArg;
    if (J >= P.Callee->getNumParams()) continue;
    QualType T = P.Callee->getParamDecl(J)->getType();
    // A by-value object: the object it is copied from, for the twin's
    // `received` (which a parameter without a name has not: no record then,
    // that a later twin could take).
    const FunctionDecl* Def = P.Callee->getDefinition();
    if (objectPassedWithMetadata(T) && !(Def ? Def : P.Callee)->getParamDecl(J)->getName().empty()) {
      TwinUses[I] = "::cassette::rt::passing<" + std::to_string(J) + ">(cassette_t, " + Uses[I] + ")";
      continue;
    }
    if (P.Args[I].How != CallArg::Forward || T->isReferenceType() || !taggableType(T)) continue;
    TwinUses[I] = "::cassette::rt::as_value<" + Env.typeSpelling(T.getCanonicalType().getUnqualifiedType()) +
                  ">(cassette_t, " + Uses[I] + ")";
  }
  return TwinUses;
}

std::string TaggingPlanner::twinInvokerResult(const CallPlan& P, const std::string& Ret,
                                              const std::vector<std::string>& TwinUses) const {
  if (!Env.Tagging.On) return Ret;
  // A guarded invoker may say `not_a_twin` (noTwinInstance): its type is deduced.
  if (P.Guarded) return "decltype(auto)";
  // A twin that cannot take the tagged arguments (a virtual thunk, explicit
  // template arguments) is not a twin for them: the call runs the primitive
  // with untagged arguments instead of failing to compile.
  if (P.ResultType.empty() && P.ExternalKey.empty()) return "decltype(" + P.Twins.front()(TwinUses) + ")";
  return Ret;
}

std::string TaggingPlanner::noTwinInstance(const std::string& OrigCall) const {
  // An instantiation without a twin (a builtin operator on tagged values)
  // is a primitive, which untags its arguments.
  return Env.Tagging.On ? "return ::cassette::rt::not_a_twin{};" : "return " + OrigCall + ";";
}

void TaggingPlanner::volatileInitialiser(const VarDecl* VD) {
  if (active() && VD->getInit() && volatileNumber(VD->getType())) untagged(VD->getInit());
}

void TaggingPlanner::untagged(const Expr* E) {
  // A constant is never tagged, and must stay a constant: `(char*)0` a null
  // pointer constant, `new int[4]` a constant bound.
  if (E->isTypeDependent() || !taggableType(E->getType()) || E->isValueDependent() ||
      E->isIntegerConstantExpr(Env.Ctx) || isa<FloatingLiteral>(E->IgnoreParenImpCasts()))
    return;
  // Added before the operand's own edits: outermost.
  if (std::optional<ByteRange> R = Env.editableRange(E->getSourceRange(), File))
    Edits.wrap(*R, "::cassette::untag(", ")");
}

}  // namespace cassette::rewrite

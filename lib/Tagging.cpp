// `--tagging`: twins that carry metadata for tagging contexts (docs/tagging.md).
//
// A local or by-value parameter of arithmetic type whose address never escapes
// (no `&x`, never bound to a reference, never named inside a macro) lives in
// a register-like `cassette::value_t<Ctx, T>` (a Tagged<Ctx, T> under a
// tagging context, plain T otherwise). Everything else of arithmetic type is
// memory, whose metadata is in the shadow store: loads become
// `cassette::rt::load(ctx, lvalue)`, stores `cassette::rt::assign(ctx, lvalue, value)`
// and initialisations `T x = cassette::rt::init(ctx, x, value)`. Arithmetic
// conversions become `cassette::rt::convert<T>(ctx, value)`, which keeps the
// metadata. For a context without tagging each of these is the plain
// operation, so the twin compiles to the original code.
#include "SiteCollector.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cassette::rewrite {

/// Whether values of type T may carry metadata: arithmetic builtin types
/// (not enums, pointers or classes; classes keep their layout and their
/// arithmetic fields are memory).
bool taggableType(QualType T) {
  if (T.isNull() || T->isDependentType()) return false;
  T = T.getCanonicalType();
  if (T.isVolatileQualified()) return false;
  const auto* BT = T->getAs<BuiltinType>();
  return BT && (BT->isInteger() || BT->isFloatingPoint() || BT->getKind() == BuiltinType::Bool);
}

namespace {
// A volatile number carries no metadata (taggableType): it holds plain values.
bool volatileNumber(QualType T) { return T.isVolatileQualified() && T->isArithmeticType(); }
}  // namespace

bool constantVariable(const VarDecl* VD, const ASTContext& Ctx) {
  if (!VD) return false;
  if (VD->isConstexpr() || VD->hasAttr<ConstInitAttr>()) return true;
  QualType T = VD->getType();
  const Expr* Init = VD->getInit();
  return T.isConstQualified() && T->isIntegralOrEnumerationType() && Init &&
         (Init->isValueDependent() || Init->isTypeDependent() || Init->isIntegerConstantExpr(Ctx));
}

std::string twinValueType(const TUEnv& Env, QualType T, const std::string& Spelling) {
  if (!Env.Opts.Tagging || T->isReferenceType() || !taggableType(T)) return Spelling;
  return std::string("::cassette::value_t<") + CtxParam + ", " + Spelling + ">";
}

namespace {

std::string canonicalSpelling(QualType T, const ASTContext& Ctx) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  return T.getCanonicalType().getUnqualifiedType().getAsString(P);
}

/// Which variables of a function body escape: named anywhere but as a plain
/// load, the target of an assignment, `++`/`--`, or a by-reference capture.
class EscapeScan : public RecursiveASTVisitor<EscapeScan> {
 public:
  explicit EscapeScan(const ASTContext& Ctx) : Ctx(Ctx) {}
  llvm::SmallVector<const VarDecl*, 16> Candidates;
  llvm::DenseSet<const VarDecl*> Escaping;

  bool shouldVisitTemplateInstantiations() const { return false; }

  void finish() {
    for (const DeclRefExpr* E : Uses)
      if (const auto* VD = dyn_cast<VarDecl>(E->getDecl()))
        if (!Fine.count(E) || E->getLocation().isMacroID()) Escaping.insert(VD);
  }
  bool VisitVarDecl(VarDecl* VD) {
    if (VD->hasLocalStorage() && !VD->isInitCapture() && !isa<DecompositionDecl>(VD) &&
        !VD->getType()->isReferenceType() && taggableType(VD->getType()) && !constantVariable(VD, Ctx) &&
        !typeParameter(VD))
      Candidates.push_back(VD);
    return true;
  }
  // A parameter of a function type written in the body (`double (*fp)(double)`,
  // `std::function<double(double)>`), not of a function: part of a type.
  static bool typeParameter(const VarDecl* VD) {
    const auto* P = dyn_cast<ParmVarDecl>(VD);
    const auto* F = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
    return P && (!F || !llvm::is_contained(F->parameters(), P));
  }
  bool VisitDeclRefExpr(DeclRefExpr* E) {
    Uses.push_back(E);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr* E) {
    if (E->getCastKind() == CK_LValueToRValue) fine(E->getSubExpr());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* E) {
    if (E->isAssignmentOp()) fine(E->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* E) {
    if (E->isIncrementDecrementOp()) fine(E->getSubExpr());
    return true;
  }
  // The syntactic form of a braced list (what is traversed) holds the
  // elements as written; their conversions are in the semantic form.
  bool VisitInitListExpr(InitListExpr* E) {
    if (const InitListExpr* Sem = E->isSemanticForm() ? E : E->getSemanticForm())
      for (const Expr* Init : Sem->inits())
        for (const Expr* X = Init; const auto* IC = dyn_cast_or_null<ImplicitCastExpr>(X); X = IC->getSubExpr())
          if (IC->getCastKind() == CK_LValueToRValue) fine(IC->getSubExpr());
    return true;
  }
  // A local class's functions are not twins: their variables stay plain.
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitLambdaExpr(LambdaExpr* E) {
    auto Init = E->capture_init_begin();
    for (auto C = E->capture_begin(); C != E->capture_end(); ++C, ++Init)
      if (C->capturesVariable() && C->getCaptureKind() == LCK_ByRef && *Init) fine(*Init);
    return true;
  }

 private:
  void fine(const Expr* E) {
    if (const auto* D = dyn_cast<DeclRefExpr>(E->IgnoreParens())) Fine.insert(D);
  }
  const ASTContext& Ctx;
  llvm::SmallVector<const DeclRefExpr*, 32> Uses;
  llvm::DenseSet<const DeclRefExpr*> Fine;
};

}  // namespace

std::string SiteCollector::valueType(const std::string& Type) {
  return std::string("::cassette::value_t<") + CtxParam + ", " + Type + ">";
}

bool SiteCollector::promotedRef(const Expr* E) const {
  const auto* D = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto* VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return VD && Promoted.count(VD);
}

bool SiteCollector::retypeVariable(const VarDecl* VD, bool AsValue) {
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

void SiteCollector::planTagging(const FunctionDecl* FD) {
  if (!Env.Opts.Tagging) return;
  // The signature: by-value arithmetic parameters and returns are values,
  // whatever the body does (a declaration elsewhere must agree with it).
  signatureTagging(FD);
  if (!FD->doesThisDeclarationHaveABody()) return;
  EscapeScan Scan(Env.Ctx);
  Scan.TraverseStmt(FD->getBody());
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* Init : Ctor->inits())
      if (Init->isWritten()) Scan.TraverseStmt(Init->getInit());
  Scan.finish();
  for (const ParmVarDecl* P : FD->parameters())
    if (taggableType(P->getType()) && !P->getType()->isReferenceType()) {
      if (!Scan.Escaping.count(P)) Promoted.insert(P);
      else escapingParameter(FD, P);
    }
  relocations(FD);
  // `x(e)` for an arithmetic field records e's metadata for this->x.
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
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
      wrapTagging(E, std::string("::cassette::rt::init(") + CtxVar + ", this->" + F->getNameAsString() + ", ",
                  "member initialiser", SkipReason::MemberInitialiserInMacro);
    }
  // Declarators sharing one written type must agree.
  llvm::DenseMap<unsigned, llvm::SmallVector<const VarDecl*, 2>> ByTypeStart;
  for (const VarDecl* VD : Scan.Candidates)
    if (!isa<ParmVarDecl>(VD) || VD->getDeclContext() != FD)
      ByTypeStart[VD->getTypeSpecStartLoc().getRawEncoding()].push_back(VD);
  for (auto& [Start, Group] : ByTypeStart) {
    bool AllValues = llvm::none_of(Group, [&](const VarDecl* VD) { return Scan.Escaping.count(VD); });
    for (const VarDecl* VD : Group) {
      if (AllValues && retypeVariable(VD, true)) {
        Promoted.insert(VD);
        continue;
      }
      if (isa<ParmVarDecl>(VD)) continue;  // a lambda's parameter that escapes stays plain
      // Memory: the initialiser records the metadata for the variable.
      if (!retypeVariable(VD, false)) continue;
      const Expr* Init = VD->getInit();
      if (const auto* IL = dyn_cast_or_null<InitListExpr>(Init))
        Init = IL->getNumInits() == 1 ? IL->getInit(0) : nullptr;
      if (!Init || Init->getBeginLoc().isInvalid()) continue;
      std::optional<ByteRange> R = Env.editableRange(Init->getSourceRange(), File);
      if (!R) {
        skip(Init, VD->getNameAsString(), SkipReason::InitialiserInMacro);
        continue;
      }
      Edits.wrap(*R, std::string("::cassette::rt::init(") + CtxVar + ", " + VD->getNameAsString() + ", ", ")");
    }
  }
  clearedAtExit(FD);
}

namespace {
/// The declarations and expression statements directly in a block (where a
/// statement can follow them).
class BlockDeclarations : public RecursiveASTVisitor<BlockDeclarations> {
 public:
  llvm::SmallVector<const DeclStmt*, 8> Found;
  llvm::SmallVector<const Expr*, 8> Expressions;
  llvm::DenseMap<const DeclStmt*, const CompoundStmt*> Block;  // the block each of Found is in
  llvm::SmallVector<const DeclStmt*, 8> Elsewhere;  // in a for/if/while/switch header or under a label
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }  // local classes are not twins
  bool VisitCompoundStmt(CompoundStmt* S) {
    for (const Stmt* C : S->body()) {
      if (const auto* DS = dyn_cast<DeclStmt>(C)) {
        Found.push_back(DS);
        Block[DS] = S;
      } else if (const auto* E = dyn_cast<Expr>(C)) {
        Expressions.push_back(E);
      }
    }
    return true;
  }
  bool VisitDeclStmt(DeclStmt* S) {
    if (!Block.count(S)) Elsewhere.push_back(S);
    return true;
  }
};

/// Every goto of a function body, its lambdas' included (a label belongs to
/// one function, so a goto's target says which scope it enters).
class Gotos : public RecursiveASTVisitor<Gotos> {
 public:
  llvm::SmallPtrSet<const GotoStmt*, 4> Found;
  bool Computed = false;  // `goto *p`: any label whose address is taken may be its target
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitGotoStmt(GotoStmt* S) { return Found.insert(S), true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt*) { return !(Computed = true); }
};

/// The jump targets in the statements of a block after a declaration: its
/// labels and the gotos there, and whether a case of a switch outside them
/// is among them.
class JumpTargets : public RecursiveASTVisitor<JumpTargets> {
 public:
  llvm::SmallPtrSet<const LabelDecl*, 4> Labels;
  Gotos Inside;
  bool OuterCase = false;
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool TraverseSwitchStmt(SwitchStmt* S) {
    ++InnerSwitches;  // its cases are reached from inside it
    RecursiveASTVisitor::TraverseSwitchStmt(S);
    --InnerSwitches;
    return true;
  }
  bool VisitLabelStmt(LabelStmt* S) { return Labels.insert(S->getDecl()), true; }
  bool VisitGotoStmt(GotoStmt* S) { return Inside.VisitGotoStmt(S); }
  bool VisitSwitchCase(SwitchCase*) { return !(OuterCase |= InnerSwitches == 0); }

 private:
  unsigned InnerSwitches = 0;
};

/// Whether a jump from outside the scope of a block's declaration DS (a goto
/// before it, the case of an enclosing switch) lands after DS: it would pass
/// a guard declared there (cleared_at_exit), which C++ forbids.
bool jumpEntersAfter(const CompoundStmt* Block, const DeclStmt* DS, const Gotos& All) {
  bool After = false;
  JumpTargets J;
  for (const Stmt* S : Block->body()) {
    if (After) J.TraverseStmt(const_cast<Stmt*>(S));
    After |= S == DS;
  }
  if (J.OuterCase) return true;
  if (J.Labels.empty()) return false;
  if (All.Computed) return true;
  return llvm::any_of(All.Found,
                      [&](const GotoStmt* G) { return J.Labels.count(G->getLabel()) && !J.Inside.Found.count(G); });
}

/// Whether an object of type T can hold metadata that a twin recorded: a
/// number, or an array or class with one in it. The standard library's
/// classes are written by primitives only, except the plain aggregates that
/// code reads and writes field by field.
bool mayHoldMetadata(QualType T) {
  T = T.getCanonicalType();
  if (T->isDependentType()) return false;
  if (taggableType(T.getUnqualifiedType())) return true;
  if (const auto* AT = dyn_cast<ArrayType>(T.getTypePtr())) return mayHoldMetadata(AT->getElementType());
  const auto* RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition()) return false;
  if (RD->isInStdNamespace()) {
    llvm::StringRef Name = RD->getName();
    return Name == "array" || Name == "pair" || Name == "tuple" || Name == "complex";
  }
  for (const CXXBaseSpecifier& B : RD->bases())
    if (mayHoldMetadata(B.getType())) return true;
  for (const FieldDecl* F : RD->fields())
    if (!F->getType()->isReferenceType() && mayHoldMetadata(F->getType())) return true;
  return false;
}

std::string exitGuard(const std::string& Name, const std::string& Guard = {}) {
  return std::string(" [[maybe_unused]] auto ") + (Guard.empty() ? "cassette_cleared_" + Name + "_" : Guard) +
         " = ::cassette::rt::cleared_at_exit(" + CtxVar + ", " + Name + ");";
}

/// The return statements of a function body, not those of the lambdas and
/// local classes in it.
class ReturnStatements : public RecursiveASTVisitor<ReturnStatements> {
 public:
  llvm::SmallVector<const ReturnStmt*, 4> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitReturnStmt(ReturnStmt* S) {
    Found.push_back(S);
    return true;
  }
};

/// A class returned by value in registers, whose fields' metadata a twin
/// passes to its caller through `cassette::rt::returning` and `adopt`.
bool objectReturnedByValue(QualType T) {
  if (T.isNull() || T->isDependentType() || T->isReferenceType()) return false;
  const auto* RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && !RD->isUnion() && RD->isTriviallyCopyable() && !RD->isEmpty();
}

/// The expression a return statement or an initialiser takes its object
/// from: under the full-expression, the trivial copy and the conversions that
/// add nothing.
const Expr* objectSource(const Expr* E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto* C = dyn_cast<ExprWithCleanups>(E)) E = C->getSubExpr();
    else if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(E)) E = M->getSubExpr();
    else if (const auto* B = dyn_cast<CXXBindTemporaryExpr>(E)) E = B->getSubExpr();
    else if (const auto* IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_NoOp) E = IC->getSubExpr();
    else if (const auto* CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() == 1 &&
                                                             CE->getConstructor()->isCopyOrMoveConstructor() &&
                                                             CE->getConstructor()->isTrivial())
      E = CE->getArg(0);
    else return E;
  }
  return E;
}

/// The uses of one parameter in an expression.
class ParameterUses : public RecursiveASTVisitor<ParameterUses> {
 public:
  explicit ParameterUses(const ParmVarDecl* P) : P(P) {}
  llvm::SmallVector<const DeclRefExpr*, 4> Found;
  bool VisitDeclRefExpr(DeclRefExpr* E) {
    if (E->getDecl() == P) Found.push_back(E);
    return true;
  }

 private:
  const ParmVarDecl* P;
};

/// `x`, `a.b.c`, `p->x`: an lvalue that can be named twice without effects.
bool plainLvalue(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E)) return true;
  if (const auto* M = dyn_cast<MemberExpr>(E)) return isa<FieldDecl>(M->getMemberDecl()) && plainLvalue(M->getBase());
  return isa<CXXThisExpr>(E);
}

/// A local of the twin that lives in memory and may hold metadata.
bool memoryLocal(const VarDecl* VD, const llvm::DenseSet<const VarDecl*>& Promoted, const ASTContext& Ctx) {
  return VD && VD->hasLocalStorage() && !isa<ParmVarDecl, DecompositionDecl>(VD) && !VD->getName().empty() &&
         !Promoted.count(VD) && !VD->getType()->isReferenceType() && !VD->getType()->isVariablyModifiedType() &&
         !constantVariable(VD, Ctx) && mayHoldMetadata(VD->getType());
}
}  // namespace

void SiteCollector::clearedAtExit(const FunctionDecl* FD) {
  // By-value parameters of class type: the twin may write their fields.
  const auto* Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (Body && Body->getLBracLoc().isFileID()) {
    std::string Opening;
    for (const ParmVarDecl* P : FD->parameters())
      if (!P->getName().empty() && !P->getType()->isReferenceType() && P->getType()->isRecordType() &&
          mayHoldMetadata(P->getType()))
        Opening += exitGuard(P->getNameAsString());
    unsigned At = Env.SM.getDecomposedLoc(Body->getLBracLoc()).second + 1;
    if (!Opening.empty()) Edits.add(ByteRange{At, At}, [Opening] { return Opening; });
  }
  BlockDeclarations Blocks;
  Blocks.TraverseStmt(FD->getBody());
  Gotos All;
  All.TraverseStmt(FD->getBody());
  for (const DeclStmt* DS : Blocks.Found) {
    std::string After;
    llvm::SmallVector<const VarDecl*, 2> Locals;
    for (const Decl* D : DS->decls())
      if (const auto* VD = dyn_cast<VarDecl>(D); memoryLocal(VD, Promoted, Env.Ctx)) Locals.push_back(VD);
    if (Locals.empty()) continue;
    std::optional<ByteRange> R = Env.spelledRange(DS->getSourceRange(), File);
    std::optional<SkipReason> Why;
    if (!R) Why = SkipReason::LocalInMacro;
    else if (jumpEntersAfter(Blocks.Block[DS], DS, All)) Why = SkipReason::LocalJumpedInto;
    for (const VarDecl* VD : Locals) {
      if (Why) Env.skipped(VD->getNameAsString(), *Why, VD->getLocation());
      else After += exitGuard(VD->getNameAsString());
    }
    if (!After.empty()) Edits.add(ByteRange{R->End, R->End}, [After] { return After; });
  }
  for (const DeclStmt* DS : Blocks.Elsewhere)
    for (const Decl* D : DS->decls())
      if (const auto* VD = dyn_cast<VarDecl>(D); memoryLocal(VD, Promoted, Env.Ctx))
        Env.skipped(VD->getNameAsString(), SkipReason::LocalInHeaderOrUnderLabel, VD->getLocation());
}

void SiteCollector::initListFields(const InitListExpr* IL, const std::string& Path) {
  if (!IL) return;
  if (const InitListExpr* Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm()) IL = Sem;
  ListsInitialisingMemory.insert(IL);
  if (const InitListExpr* Syn = IL->getSyntacticForm()) ListsInitialisingMemory.insert(Syn);
  auto One = [&](const Expr* Init, QualType T, const std::string& Place) {
    if (!Init || Init->getBeginLoc().isInvalid() || isa<ImplicitValueInitExpr>(Init)) return;
    if (const auto* Sub = dyn_cast<InitListExpr>(Init->IgnoreImplicit())) return initListFields(Sub, Place);
    if (!taggableType(T)) return;
    wrapTagging(Init, std::string("::cassette::rt::init(") + CtxVar + ", " + Place + ", ", "aggregate element",
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

namespace {
/// std::vector, deque, list or forward_list of a type that can carry
/// metadata: the element a braced list's i-th value makes is the i-th.
bool sequenceOfTaggable(QualType T) {
  const auto* RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || RD->getTemplateArgs().size() == 0) return false;
  llvm::StringRef Name = RD->getName();
  if (Name != "vector" && Name != "deque" && Name != "list" && Name != "forward_list") return false;
  const TemplateArgument& Element = RD->getTemplateArgs()[0];
  // vector<bool> packs its elements into bits: they have no addresses.
  return Element.getKind() == TemplateArgument::Type && taggableType(Element.getAsType()) &&
         !Element.getAsType()->isBooleanType();
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

void SiteCollector::listIntoContainer(const CXXConstructExpr* E) {
  if (!Env.Opts.Tagging || LeaveAsWritten || E->isTypeDependent() || E->getNumArgs() == 0) return;
  const auto* Std = dyn_cast<CXXStdInitializerListExpr>(E->getArg(0)->IgnoreImplicit());
  if (!Std || !sequenceOfTaggable(E->getType())) return;
  for (unsigned I = 1; I < E->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(E->getArg(I))) return;  // `{a, b}, allocator`
  const auto* List = dyn_cast<InitListExpr>(Std->getSubExpr()->IgnoreImplicit());
  if (!List || List->getNumInits() == 0 || ListsInitialisingMemory.count(List)) return;
  const InitListExpr* Written = List->isSyntacticForm() ? List : List->getSyntacticForm();
  for (const Expr* Init : Written->inits())
    if (!Init || isa<InitListExpr, DesignatedInitExpr>(Init->IgnoreImplicit()) || Init->isTypeDependent() ||
        isa<PackExpansionExpr>(Init))
      return;
  std::optional<ByteRange> R = editable(SourceRange(List->getLBraceLoc(), List->getRBraceLoc()));
  std::string Type = Env.accessibleTypeSpelling(E->getType().getUnqualifiedType());
  if (!R || Type.empty()) return;  // the elements go in untagged (VisitInitListExpr)
  ListsInitialisingMemory.insert(List);
  ListsInitialisingMemory.insert(Written);
  // Inside the braces, so the construction keeps its braces: `T{V-prvalue}`
  // initialises from that prvalue, whichever form the list had.
  Edits.wrap(ByteRange{R->Begin + 1, R->End - 1},
             std::string("::cassette::rt::build<") + Type + ">(" + CtxVar + ", ::cassette::rt::listed{", "})");
}

bool SiteCollector::VisitInitListExpr(InitListExpr* E) {
  if (!Env.Opts.Tagging || LeaveAsWritten || E->isTypeDependent()) return true;
  // The elements' loads and conversions, which only the semantic form has.
  if (const InitListExpr* Sem = E->isSemanticForm() ? nullptr : E->getSemanticForm())
    for (Expr* Init : Sem->inits())
      for (Expr* X = Init; auto* IC = dyn_cast_or_null<ImplicitCastExpr>(X); X = IC->getSubExpr())
        VisitImplicitCastExpr(IC);
  if (ListsInitialisingMemory.count(E)) return true;
  // A list that builds a temporary or a library object: its elements go in
  // as plain values (their metadata is not kept; docs/tagging.md).
  for (const Expr* Init : E->inits()) {
    if (!Init || Init->isTypeDependent() || !taggableType(Init->getType()) || isa<InitListExpr>(Init)) continue;
    if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Init->IgnoreParenImpCasts()))
      continue;
    wrapTagging(Init, "::cassette::untag(", "list element", SkipReason::ListElementInMacro);
  }
  return true;
}

/// A call of a function whose twin returns an object of type T by value.
bool SiteCollector::twinCallReturningObject(const Expr* E, QualType T) {
  const auto* CE = dyn_cast_or_null<CallExpr>(objectSource(E));
  if (!CE || CE->isTypeDependent() || !objectReturnedByValue(T)) return false;
  const FunctionDecl* Callee = CE->getDirectCallee();
  if (!Callee) return false;
  if (const auto* M = dyn_cast<CXXMethodDecl>(Callee); M && M->isVirtual()) return false;  // runs without metadata
  return Env.twinnable(Callee);
}

void SiteCollector::returnedObjects(const FunctionDecl* FD) {
  QualType T = FD->getReturnType();
  if (!objectReturnedByValue(T) || isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD)) return;
  ReturnStatements Returns;
  Returns.TraverseStmt(FD->getBody());
  for (const ReturnStmt* RS : Returns.Found) {
    const Expr* Value = RS->getRetValue();
    if (!Value || Value->isTypeDependent()) continue;
    std::optional<ByteRange> R = Env.editableRange(Value->getSourceRange(), File);
    if (!R) {
      skip(Value, "return", SkipReason::ReturnedObjectInMacro);
      continue;
    }
    const Expr* Source = objectSource(Value);
    // The callee of `return f(...);` records its own object.
    if (twinCallReturningObject(Value, T)) continue;
    // A variable the return may construct in place (NRVO): its address can
    // be the caller's object's, so it is recorded by a statement of its own
    // and `return x;` stays as written.
    if (const auto* D = dyn_cast<DeclRefExpr>(Source)) {
      const auto* VD = dyn_cast<VarDecl>(D->getDecl());
      std::optional<ByteRange> Stmt = Env.spelledRange(RS->getBeginLoc(), File);
      std::optional<unsigned> End = statementEnd(RS);
      if (VD && VD->isNRVOVariable() && Stmt && End) {
        std::string Name = VD->getNameAsString();
        Edits.add(ByteRange{Stmt->Begin, Stmt->Begin},
                  [Name] { return std::string("{ ::cassette::rt::returning(") + CtxVar + ", " + Name + "); "; });
        Edits.add(ByteRange{*End, *End}, [] { return std::string(" }"); });
        continue;
      }
    }
    if (Source->isGLValue() && Env.Ctx.hasSameUnqualifiedType(Source->getType(), T)) {
      Edits.wrap(*R, std::string("::cassette::rt::returning(") + CtxVar + ", ", ")");
      continue;
    }
    // `return T{...};` / `return {...};`: built in a named object whose
    // fields take the elements' metadata, then returned as one.
    const InitListExpr* IL = dyn_cast<InitListExpr>(Source);
    const auto* Cast = dyn_cast<CXXFunctionalCastExpr>(Source);
    if (Cast) IL = dyn_cast<InitListExpr>(Cast->getSubExpr()->IgnoreImplicit());
    const auto* RD = T->getAsCXXRecordDecl();
    std::string Type = Env.accessibleTypeSpelling(T.getUnqualifiedType());
    if (IL && RD->getNumBases() == 0 && IL->getLBraceLoc().isFileID() && !Type.empty() && (Cast || IL == Source)) {
      std::string Opening = std::string("[&] { ") + (Cast ? "" : Type + " cassette_returned_");
      Edits.wrap(*R, Opening,
                 std::string(";") + exitGuard("cassette_returned_", "cassette_returned_cleared_") +
                     " ::cassette::rt::returning(" + CtxVar + ", cassette_returned_); return cassette_returned_; }()");
      if (Cast) {  // `T{...}`: the name goes between the type and the list
        unsigned Brace = Env.SM.getDecomposedLoc(IL->getLBraceLoc()).second;
        Edits.add(ByteRange{Brace, Brace}, [] { return std::string(" cassette_returned_"); });
      }
      initListFields(IL, "cassette_returned_");
      continue;
    }
    Edits.wrap(*R, std::string("::cassette::rt::unrecorded(") + CtxVar + ", ", ")");
  }
}

void SiteCollector::relocations(const FunctionDecl* FD) {
  returnedObjects(FD);
  // A twin constructor records its object; see cassette::rt::adopt.
  if (isa<CXXConstructorDecl>(FD))
    if (const auto* Body = dyn_cast_or_null<CompoundStmt>(FD->getBody()); Body && Body->getLBracLoc().isFileID()) {
      unsigned At = Env.SM.getDecomposedLoc(Body->getLBracLoc()).second + 1;
      Edits.add(ByteRange{At, At}, [] {
        return std::string(" [[maybe_unused]] auto cassette_constructed_ = ::cassette::rt::constructed(") + CtxVar +
               ", this);";
      });
    }
  BlockDeclarations Blocks;
  Blocks.TraverseStmt(FD->getBody());
  for (const DeclStmt* DS : Blocks.Found)
    for (const Decl* D : DS->decls())
      if (const auto* VD = dyn_cast<VarDecl>(D); VD && VD->getInit() && !VD->getType()->isDependentType() &&
                                                 !VD->getType()->isReferenceType() && !VD->getName().empty())
        if (const auto* IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit()))
          if (VD->getType()->isRecordType() || VD->getType()->isConstantArrayType())
            initListFields(IL, VD->getNameAsString());
  for (const DeclStmt* DS : Blocks.Found) {
    std::string After;
    for (const Decl* D : DS->decls()) {
      const auto* VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit() || VD->getType()->isDependentType() || !VD->getType()->isRecordType() ||
          VD->getType()->isReferenceType() || VD->getName().empty())
        continue;
      std::string Name = VD->getNameAsString();
      const Expr* Init = VD->getInit();
      if (const auto* IL = dyn_cast<InitListExpr>(Init); IL && IL->getNumInits() == 1) Init = IL->getInit(0);
      if (const auto* PL = dyn_cast<ParenListExpr>(Init); PL && PL->getNumExprs() == 1) Init = PL->getExpr(0);
      if (twinCallReturningObject(Init, VD->getType())) {
        After += std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Name + ");";
        continue;
      }
      const auto* CE = dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
      if (!CE) continue;
      const CXXConstructorDecl* Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial() && CE->getNumArgs() == 1 && plainLvalue(CE->getArg(0))) {
        std::optional<ByteRange> Src = Env.spelledRange(CE->getArg(0)->getSourceRange(), File);
        if (Src)
          After +=
              std::string(" ::cassette::rt::copied(") + CtxVar + ", " + Name + ", " + Edits.text(*Src).str() + ");";
      } else if (Env.twinnable(Ctor)) {
        After += std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Name + ");";
      }
    }
    if (After.empty()) continue;
    std::optional<ByteRange> R = Env.spelledRange(DS->getSourceRange(), File);
    if (!R) continue;
    Edits.add(ByteRange{R->End, R->End}, [After] { return After; });
  }
  // `x = f(...);` of a whole object: x takes the metadata f's twin recorded.
  for (const Expr* E : Blocks.Expressions) {
    const Expr* Full = E;
    if (const auto* C = dyn_cast<ExprWithCleanups>(Full)) Full = C->getSubExpr();
    const auto* Op = dyn_cast<CXXOperatorCallExpr>(Full->IgnoreParens());
    if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 || Op->isTypeDependent()) continue;
    const Expr* To = Op->getArg(0);
    if (!plainLvalue(To) || !twinCallReturningObject(Op->getArg(1), To->getType())) continue;
    std::optional<ByteRange> Target = Env.spelledRange(To->getSourceRange(), File);
    std::optional<unsigned> End = statementEnd(E);
    if (!Target || !End) continue;
    std::string After = std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Edits.text(*Target).str() + ");";
    Edits.add(ByteRange{*End, *End}, [After] { return After; });
  }
}

void SiteCollector::signatureTagging(const FunctionDecl* FD) {
  if (SignatureDone) return;
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

void SiteCollector::escapingParameter(const FunctionDecl* FD, const ParmVarDecl* P) {
  // The twin receives the value as `cassette_param_x` and keeps `x` in
  // memory: `T x = cassette::rt::init(ctx, x, cassette_param_x);` opens the body.
  // Member initialisers run before the body: they name `cassette_param_x`.
  const auto* Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  std::optional<ByteRange> Name = Env.spelledRange(SourceRange(P->getLocation(), P->getLocation()), File);
  TypeSourceInfo* TSI = P->getTypeSourceInfo();
  std::vector<ByteRange> InitialiserUses;
  bool InitialiserUseInMacro = false;
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* I : Ctor->inits()) {
      if (!I->isWritten()) continue;
      ParameterUses Uses(P);
      Uses.TraverseStmt(I->getInit());
      for (const DeclRefExpr* D : Uses.Found) {
        std::optional<ByteRange> R =
            D->getLocation().isMacroID() ? std::nullopt : Env.spelledRange(D->getSourceRange(), File);
        if (R) InitialiserUses.push_back(*R);
        else InitialiserUseInMacro = true;
      }
    }
  if (!Body || (!Name && !PrintedSignature) || !TSI || InitialiserUseInMacro || Body->getLBracLoc().isMacroID()) {
    Env.skipped(P->getNameAsString(), SkipReason::ParameterAddressEscapes, P->getLocation());
    Promoted.insert(P);  // still a value: the escaping uses may not compile (reported)
    return;
  }
  std::string N = P->getNameAsString();
  if (Name) Edits.add(*Name, [N] { return "cassette_param_" + N; });
  else RenamedParameters.insert(P);
  for (ByteRange R : InitialiserUses) Edits.add(R, [N] { return "cassette_param_" + N; });
  std::optional<ByteRange> T = Env.spelledRange(TSI->getTypeLoc().getSourceRange(), File);
  std::string Type = T ? Edits.text(*T).str() : canonicalSpelling(P->getType(), Env.Ctx);
  unsigned At = Env.SM.getDecomposedLoc(Body->getLBracLoc()).second + 1;
  Edits.add(ByteRange{At, At}, [Type, N] {
    return " " + Type + " " + N + " = ::cassette::rt::init(" + CtxVar + ", " + N + ", cassette_param_" + N + ");" +
           exitGuard(N);
  });
}

bool SiteCollector::VisitImplicitCastExpr(ImplicitCastExpr* E) {
  if (!Env.Opts.Tagging || LeaveAsWritten || E->isTypeDependent() || E->isValueDependent()) return true;
  const Expr* Sub = E->getSubExpr();
  switch (E->getCastKind()) {
    case CK_LValueToRValue: {
      if (!taggableType(E->getType()) || promotedRef(Sub) || Sub->refersToBitField()) return true;
      // A constant carries no metadata: its uses stay constants.
      const auto* D = dyn_cast<DeclRefExpr>(Sub->IgnoreParens());
      if (D && constantVariable(dyn_cast<VarDecl>(D->getDecl()), Env.Ctx)) return true;
      if (std::string Array = contiguousArrayOperand(Sub, Env.SM, Env.Ctx.getLangOpts()); !Array.empty())
        return wrapTagging(Sub, std::string("::cassette::rt::load_element(") + CtxVar + ", ", "load",
                           SkipReason::LoadInMacro, ", " + Array + ")");
      return wrapTagging(Sub, std::string("::cassette::rt::load(") + CtxVar + ", ", "load", SkipReason::LoadInMacro);
    }
    case CK_IntegralCast:
    case CK_FloatingCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_BooleanToSignedIntegral: return conversion(E->getType(), Sub);
    default: return true;
  }
}

bool SiteCollector::conversion(QualType To, const Expr* Sub) {
  if (!taggableType(To) || !taggableType(Sub->getType())) return true;
  // A literal has no metadata to keep.
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Sub->IgnoreParenImpCasts()))
    return true;
  return wrapTagging(Sub, "::cassette::rt::convert<" + canonicalSpelling(To, Env.Ctx) + ">(" + CtxVar + ", ",
                     "conversion", SkipReason::ConversionInMacro);
}

bool SiteCollector::wrapTagging(const Expr* E, const std::string& Prefix, const char* What, SkipReason InMacro,
                                const std::string& Suffix) {
  std::optional<ByteRange> R = Env.editableRange(E->getSourceRange(), File);
  if (!R) {
    skip(E, What, InMacro);
    return true;
  }
  Edits.wrap(*R, Prefix, Suffix);
  return true;
}

bool SiteCollector::explicitConversion(ExplicitCastExpr* E) {
  if (!Env.Opts.Tagging || LeaveAsWritten || E->isTypeDependent() || E->isValueDependent()) return true;
  // A number cast to what carries no metadata (an enum, a pointer) is cast
  // from the plain number.
  if (const Expr* Sub = E->getSubExprAsWritten();
      !taggableType(E->getType()) && !E->getType()->isReferenceType() && !E->getType()->isVoidType()) {
    plainOperand(Sub);
    return true;
  }
  switch (E->getCastKind()) {
    case CK_IntegralCast:
    case CK_FloatingCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_NoOp: break;
    default: return true;
  }
  const Expr* Sub = E->getSubExprAsWritten();
  if (!taggableType(E->getType()) || !taggableType(Sub->getType()) || E->getType()->isReferenceType()) return true;
  // A constant stays a constant (an array bound, a template argument).
  if (E->getType()->isIntegralOrEnumerationType() && E->isIntegerConstantExpr(Env.Ctx)) return true;
  std::optional<ByteRange> Whole = siteRange(E);
  std::optional<ByteRange> Inner = Env.editableRange(Sub->getSourceRange(), File);
  if (!Whole || !Inner) return true;
  // `static_cast<double>(n)`: the conversion is the implicit one inside,
  // already a cassette::rt::convert; the cast itself adds nothing.
  if (E->getCastKind() == CK_NoOp) {
    Edits.add(*Whole, [this, Inner] { return "(" + Edits.render(*Inner) + ")"; });
    return true;
  }
  std::string To = canonicalSpelling(E->getType(), Env.Ctx);
  Edits.add(*Whole, [this, To, Inner] {
    return "::cassette::rt::convert<" + To + ">(" + CtxVar + ", " + Edits.render(*Inner) + ")";
  });
  return true;
}

bool SiteCollector::VisitCStyleCastExpr(CStyleCastExpr* E) { return explicitConversion(E); }
bool SiteCollector::VisitCXXStaticCastExpr(CXXStaticCastExpr* E) { return explicitConversion(E); }
bool SiteCollector::VisitCXXReinterpretCastExpr(CXXReinterpretCastExpr* E) { return explicitConversion(E); }

bool SiteCollector::taggingAssignment(BinaryOperator* E) {
  if (!Env.Opts.Tagging || LeaveAsWritten) return true;
  if (E->isTypeDependent()) {
    // A variable of a dependent type holds a plain value unless its type
    // is a tagged one (docs/tagging.md); what a dependent call returns may be
    // a twin's tagged value.
    const auto* D = dyn_cast<DeclRefExpr>(E->getLHS()->IgnoreParens());
    const auto* VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (VD && VD->getType()->isDependentType() && !VD->getType()->isReferenceType() && !VD->getName().empty())
      if (std::optional<ByteRange> R = Env.editableRange(E->getRHS()->getSourceRange(), File))
        Edits.wrap(*R, "::cassette::rt::held_as<decltype(" + VD->getNameAsString() + ")>(", ")");
    return true;
  }
  const Expr* L = E->getLHS();
  if (volatileNumber(L->getType())) {
    plainOperand(E->getRHS());
    return true;
  }
  if (!taggableType(L->getType()) || promotedRef(L) || L->refersToBitField()) return true;
  std::optional<ByteRange> Whole = siteRange(E);
  std::optional<ByteRange> LR = Env.editableRange(L->getSourceRange(), File);
  std::optional<ByteRange> RR = Env.editableRange(E->getRHS()->getSourceRange(), File);
  if (!Whole || !LR || !RR) {
    skip(E, "assignment", SkipReason::AssignmentInMacro);
    return true;
  }
  Edits.add(*Whole, [this, LR, RR] {
    return std::string("::cassette::rt::assign(") + CtxVar + ", " + Edits.render(*LR) + ", " + Edits.render(*RR) + ")";
  });
  return true;
}

bool SiteCollector::VisitSwitchStmt(SwitchStmt* S) {
  if (!Env.Opts.Tagging || LeaveAsWritten || !S->getCond()) return true;
  plainOperand(S->getCond());  // a switch needs the plain value
  return true;
}

void SiteCollector::plainArguments(const FunctionDecl* Callee, llvm::ArrayRef<const Expr*> Args) {
  if (!Env.Opts.Tagging || LeaveAsWritten) return;
  for (unsigned I = 0; I < Args.size(); ++I) {
    // A non-const reference parameter writes the caller's variable: left alone.
    if (I < Callee->getNumParams()) {
      QualType P = Callee->getParamDecl(I)->getType();
      if (P->isReferenceType() && !P.getNonReferenceType().isConstQualified()) continue;
    }
    plainOperand(Args[I]);
  }
}

void SiteCollector::volatileInitialiser(const VarDecl* VD) {
  if (Env.Opts.Tagging && !LeaveAsWritten && VD->getInit() && volatileNumber(VD->getType()))
    plainOperand(VD->getInit());
}

void SiteCollector::plainOperand(const Expr* E) {
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

// Which locals and parameters of a twin escape (their address is taken, they
// are bound to a reference or named in a macro): those stay in memory, whose
// metadata the shadow store keeps; the others become values.
#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "tagging/Analyses.h"
#include "tagging/Planner.h"

using namespace clang;

namespace cassette::rewrite {

using namespace tagging;

namespace {
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
}  // namespace

Escapes tagging::escapes(const FunctionDecl* FD, const ASTContext& Ctx) {
  EscapeScan Scan(Ctx);
  Scan.TraverseStmt(FD->getBody());
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* Init : Ctor->inits())
      if (Init->isWritten()) Scan.TraverseStmt(Init->getInit());
  Scan.finish();
  return Escapes{std::vector<const VarDecl*>(Scan.Candidates.begin(), Scan.Candidates.end()), std::move(Scan.Escaping)};
}

void TaggingPlanner::escapingParameter(const FunctionDecl* FD, const ParmVarDecl* P) {
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
  std::string Type =
      T ? Edits.text(Env.withLeadingQualifiers(*T, File)).str() : canonicalSpelling(P->getType(), Env.Ctx);
  unsigned At = Env.SM.getDecomposedLoc(Body->getLBracLoc()).second + 1;
  Edits.add(ByteRange{At, At}, [Type, N] {
    return " " + Type + " " + N + " = ::cassette::rt::init(" + CtxVar + ", " + N + ", cassette_param_" + N + ");" +
           exitGuard(N);
  });
}

}  // namespace cassette::rewrite

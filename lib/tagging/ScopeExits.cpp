// Metadata cleared when a local dies: a guard after each declaration of a
// local in memory (cassette::rt::cleared_at_exit), unless a jump could enter
// its scope past the guard.
#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "tagging/Analyses.h"
#include "tagging/Planner.h"

using namespace clang;

namespace cassette::rewrite {

using namespace tagging;

namespace {
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

/// A local of the twin that lives in memory and may hold metadata.
bool memoryLocal(const VarDecl* VD, const llvm::DenseSet<const VarDecl*>& Promoted, const ASTContext& Ctx) {
  return VD && VD->hasLocalStorage() && !isa<ParmVarDecl, DecompositionDecl>(VD) && !VD->getName().empty() &&
         !Promoted.count(VD) && !VD->getType()->isReferenceType() && !VD->getType()->isVariablyModifiedType() &&
         !constantVariable(VD, Ctx) && mayHoldMetadata(VD->getType());
}
}  // namespace

std::string tagging::exitGuard(const std::string& Name, const std::string& Guard) {
  return std::string(" [[maybe_unused]] auto ") + (Guard.empty() ? "cassette_cleared_" + Name + "_" : Guard) +
         " = ::cassette::rt::cleared_at_exit(" + CtxVar + ", " + Name + ");";
}

void TaggingPlanner::clearedAtExit(const FunctionDecl* FD) {
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

}  // namespace cassette::rewrite

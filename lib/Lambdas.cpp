// Lambdas written inside a twin are rewritten in place and capture the
// context slot, so calls in their bodies are intercepted wherever the lambda
// is later called from.
#include "Lambdas.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cassette::rewrite {

bool LambdaSites::convertedToFunctionPointer(const LambdaExpr* E) {
  if (E->capture_size() > 0 || E->getCaptureDefault() != LCD_None) return false;
  DynTypedNodeList Parents = Env.Ctx.getParents(*E);
  for (int Depth = 0; Depth < 6 && !Parents.empty(); ++Depth) {
    const Stmt* P = Parents[0].get<Stmt>();
    if (!P) return false;
    if (const auto* Cast = dyn_cast<ImplicitCastExpr>(P); Cast && Cast->getCastKind() == CK_UserDefinedConversion)
      return true;
    if (const auto* Call = dyn_cast<CXXMemberCallExpr>(P);
        Call && isa_and_nonnull<CXXConversionDecl>(Call->getMethodDecl()))
      return true;
    if (const auto* U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() == UO_Plus) return true;
    if (!isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ParenExpr, ExprWithCleanups, MemberExpr>(
            P))
      return false;
    Parents = Env.Ctx.getParents(*P);
  }
  return false;
}

namespace {
/// Whether a candidate callee takes a function pointer as its Index-th argument.
bool takesFunctionPointer(const NamedDecl* D, unsigned Index) {
  if (const auto* U = dyn_cast<UsingShadowDecl>(D)) D = U->getTargetDecl();
  if (const auto* T = dyn_cast<FunctionTemplateDecl>(D)) D = T->getTemplatedDecl();
  const auto* FD = dyn_cast<FunctionDecl>(D);
  if (!FD || Index >= FD->getNumParams()) return false;
  QualType T = FD->getParamDecl(Index)->getType().getNonReferenceType();
  return T->isFunctionPointerType() || T->isMemberFunctionPointerType();
}
}  // namespace

bool LambdaSites::mayBeConvertedToFunctionPointer(const LambdaExpr* E) {
  if (E->capture_size() > 0 || E->getCaptureDefault() != LCD_None) return false;
  const Stmt* Arg = E;
  DynTypedNodeList Parents = Env.Ctx.getParents(*E);
  while (!Parents.empty() &&
         isa_and_nonnull<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(Parents[0].get<Stmt>())) {
    Arg = Parents[0].get<Stmt>();
    Parents = Env.Ctx.getParents(*Arg);
  }
  const Stmt* P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
  auto IndexIn = [&](auto Args) -> std::optional<unsigned> {
    unsigned I = 0;
    for (const Expr* A : Args) {
      if (A == Arg) return I;
      ++I;
    }
    return std::nullopt;
  };
  if (const auto* U = dyn_cast_or_null<CXXUnresolvedConstructExpr>(P)) {
    std::optional<unsigned> I = IndexIn(U->arguments());
    const auto* RD = U->getTypeAsWritten()->getAsCXXRecordDecl();
    if (!I || !RD || !RD->hasDefinition()) return false;
    for (const Decl* D : RD->getDefinition()->decls())
      if (const auto* ND = dyn_cast<NamedDecl>(D);
          ND && isa_and_nonnull<CXXConstructorDecl>(ND->getAsFunction()) && takesFunctionPointer(ND, *I))
        return true;
    return false;
  }
  if (const auto* C = dyn_cast_or_null<CallExpr>(P); C && C->isTypeDependent()) {
    std::optional<unsigned> I = IndexIn(C->arguments());
    const auto* O = dyn_cast<OverloadExpr>(C->getCallee()->IgnoreParens());
    if (!I || !O) return false;
    return llvm::any_of(O->decls(), [&](const NamedDecl* D) { return takesFunctionPointer(D, *I); });
  }
  return false;
}

namespace {
/// Whether a function's body names VD's type with `decltype(VD)`.
struct DecltypeOf : RecursiveASTVisitor<DecltypeOf> {
  const VarDecl* VD;
  bool Found = false;
  bool VisitDecltypeTypeLoc(DecltypeTypeLoc TL) {
    const auto* R = dyn_cast<DeclRefExpr>(TL.getUnderlyingExpr()->IgnoreParens());
    Found = Found || (R && R->getDecl() == VD);
    return !Found;
  }
};
}  // namespace

// A captureless lambda held in a variable whose type the function names
// (`std::set<int, decltype(cmp)> s;`, `decltype(cmp) other;`): C++20 lets such
// a closure be default-constructed and assigned, which a capture forbids.
bool LambdaSites::typeNamed(const LambdaExpr* E) {
  if (E->capture_size() > 0 || E->getCaptureDefault() != LCD_None) return false;
  DynTypedNodeList Parents = Env.Ctx.getParents(*E);
  while (!Parents.empty() && isa_and_nonnull<ExprWithCleanups, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                                             ImplicitCastExpr, CXXConstructExpr, ParenExpr>(Parents[0].get<Stmt>()))
    Parents = Env.Ctx.getParents(*Parents[0].get<Stmt>());
  const auto* VD = Parents.empty() ? nullptr : Parents[0].get<VarDecl>();
  const auto* FD = VD ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()) : nullptr;
  if (!FD || !FD->getBody()) return false;
  DecltypeOf Finder;
  Finder.VD = VD;
  Finder.TraverseStmt(FD->getBody());
  return Finder.Found;
}

bool LambdaSites::lambda(LambdaExpr* E) {
  if (convertedToFunctionPointer(E)) {
    Sites.skip(E, "lambda", SkipReason::CapturelessLambdaToPointer);
    return false;
  }
  // Given to a call that depends on a template parameter, whose candidates
  // include one taking a function pointer there (re2's `RE2::Arg(ptr,
  // [](const char*, size_t, void*) -> bool {...})` in a template): the
  // conversion is made when the template is instantiated, so the lambda
  // must stay captureless.
  if (mayBeConvertedToFunctionPointer(E)) {
    Sites.skip(E, "lambda", SkipReason::CapturelessLambdaForDependentCall);
    return false;
  }
  if (typeNamed(E)) {
    Sites.skip(E, "lambda", SkipReason::CapturelessLambdaTypeNamed);
    return false;
  }
  if (E->getCaptureDefault() == LCD_None) {
    std::optional<ByteRange> Intro = Env.spelledRange(E->getIntroducerRange(), File);
    if (!Intro) {
      Sites.skip(E, "lambda", SkipReason::LambdaIntroducerInMacro);
      return false;
    }
    bool HasCaptures = E->explicit_capture_begin() != E->explicit_capture_end();
    // Only when its body uses it: an unused capture is a warning
    // (-Wunused-lambda-capture), an error under a project's -Werror. First
    // in the list: after the last capture it would end an init-capture's
    // rewritten initialiser (`[s = a + b]`) and land inside it.
    std::optional<ByteRange> Body = Env.spelledRange(E->getBody()->getSourceRange(), File);
    Edits.add(ByteRange{Intro->Begin + 1, Intro->Begin + 1}, [this, HasCaptures, Body] {
      if (Body && Edits.render(*Body).find(CtxVar) == std::string::npos) return std::string();
      return CtxVar + std::string(HasCaptures ? ", " : "");
    });
  }
  return true;
}

}  // namespace cassette::rewrite

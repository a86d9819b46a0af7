// Lambdas written inside a twin are rewritten in place and capture the
// context slot, so calls in their bodies are intercepted wherever the lambda
// is later called from.
#include "SiteCollector.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cassette::rewrite {

bool SiteCollector::convertedToFunctionPointer(const LambdaExpr* E) {
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

bool SiteCollector::TraverseLambdaExpr(LambdaExpr* E) {
  if (convertedToFunctionPointer(E)) {
    skip(E, "lambda", SkipReason::CapturelessLambdaToPointer);
    return true;
  }
  if (E->getCaptureDefault() == LCD_None) {
    std::optional<ByteRange> Intro = Env.spelledRange(E->getIntroducerRange(), File);
    if (!Intro) {
      skip(E, "lambda", SkipReason::LambdaIntroducerInMacro);
      return true;
    }
    bool HasCaptures = E->explicit_capture_begin() != E->explicit_capture_end();
    // Only when its body uses it: an unused capture is a warning
    // (-Wunused-lambda-capture), an error under a project's -Werror.
    std::optional<ByteRange> Body = Env.spelledRange(E->getBody()->getSourceRange(), File);
    Edits.add(ByteRange{Intro->End - 1, Intro->End - 1}, [this, HasCaptures, Body] {
      if (Body && Edits.render(*Body).find(CtxVar) == std::string::npos) return std::string();
      return std::string(HasCaptures ? ", " : "") + CtxVar;
    });
  }
  return Base::TraverseLambdaExpr(E);
}

}  // namespace cassette::rewrite

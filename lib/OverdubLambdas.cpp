// Cassette's `@overdub(ctx, expr)` is `overdub(ctx, () -> expr)`. Written in
// code under --root as `cassette::overdub(ctx, [&] { return expr; })`, the
// lambda is given the context slot as its parameter and its body's calls are
// rewritten in place, so `expr` runs intercepted. (Outside --root the same
// line runs the lambda plainly, through fallback.)
#include "OverdubLambdas.h"

#include "SiteCollector.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

bool isCassetteOverdub(const FunctionDecl* FD) {
  if (!FD || FD->getName() != "overdub") return false;
  const auto* NS = dyn_cast<NamespaceDecl>(FD->getDeclContext()->getRedeclContext());
  return NS && NS->getName() == "cassette" && NS->getParent()->getRedeclContext()->isTranslationUnit();
}

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  Finder(TUEnv& Env, EditSet& Edits, FileID File, std::vector<std::unique_ptr<SiteCollector>>& Alive)
      : Env(Env), Edits(Edits), File(File), Alive(Alive) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr* E) {
    if (E->getNumArgs() != 2 || !isCassetteOverdub(E->getDirectCallee())) return true;
    const auto* L = dyn_cast<LambdaExpr>(E->getArg(1)->IgnoreImplicit());
    if (!L || L->getCallOperator()->getNumParams() != 0 || L->getTemplateParameterList()) return true;
    std::optional<ByteRange> Intro = Env.spelledRange(L->getIntroducerRange(), File);
    if (!Intro || !Env.spelledRange(L->getBody()->getSourceRange(), File)) {
      Env.skipped("cassette::overdub", SkipReason::OverdubLambdaInMacro, L->getSourceRange());
      return true;
    }
    std::string Slot = std::string("auto ") + CtxVar;
    if (L->hasExplicitParameters()) {
      FunctionTypeLoc FTL = L->getCallOperator()->getFunctionTypeLoc();
      std::optional<ByteRange> Paren = FTL ? Env.spelledRange(FTL.getLParenLoc(), File) : std::nullopt;
      if (!Paren) return true;
      Edits.add(ByteRange{Paren->End, Paren->End}, [Slot] { return Slot; });
    } else {
      Edits.add(ByteRange{Intro->End, Intro->End}, [Slot] { return "(" + Slot + ")"; });
    }
    Env.Rep.rewritten("overdub lambda", Env.location(L->getBeginLoc()));
    Alive.push_back(std::make_unique<SiteCollector>(Env, Edits, File));
    Alive.back()->TraverseStmt(L->getBody());
    return true;
  }

 private:
  TUEnv& Env;
  EditSet& Edits;
  FileID File;
  std::vector<std::unique_ptr<SiteCollector>>& Alive;
};

}  // namespace

void rewriteOverdubLambdas(TUEnv& Env, const FunctionDecl* FD, EditSet& FileEdits, FileID File,
                           std::vector<std::unique_ptr<SiteCollector>>& Alive) {
  if (!FD->doesThisDeclarationHaveABody()) return;
  Finder F(Env, FileEdits, File, Alive);
  F.TraverseStmt(FD->getBody());
}

}  // namespace cassette::rewrite

#include <cassette/pass.hpp>

namespace {
// Edits a statement of another function than the one it is given.
struct Outside : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext& Ctx, cassette::pass::Editor& E) override {
    for (const clang::Decl* D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto* Other = llvm::dyn_cast<clang::FunctionDecl>(D))
        if (Other != &F && Other->hasBody() && Other->getName() == "other")
          if (const auto* B = llvm::dyn_cast<clang::CompoundStmt>(Other->getBody()); B && !B->body_empty())
            E.insert_before(*B->body_front(), "(void)0;");
  }
};
cassette::pass::Register<Outside> X("outside", "edits another function's body");
}  // namespace

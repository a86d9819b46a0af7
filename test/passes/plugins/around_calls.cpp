// Editor::insert_before and insert_after: around every statement that is a
// call of `step`, a call of `note` (a function of the program, overdubbed
// like a written call: hooks see it).
#include <cassette/pass.hpp>

#include "clang/AST/RecursiveASTVisitor.h"

namespace {
struct Finder : clang::RecursiveASTVisitor<Finder> {
  std::vector<const clang::CallExpr*> Steps;
  bool VisitCallExpr(clang::CallExpr* C) {
    if (const clang::FunctionDecl* F = C->getDirectCallee(); F && F->getName() == "step") Steps.push_back(C);
    return true;
  }
};
struct AroundCalls : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    Finder Find;
    Find.TraverseStmt(F.getBody());
    for (const clang::CallExpr* C : Find.Steps) {
      E.insert_before(*C, "note(1);");
      E.insert_after(*C, "note(2);");
    }
  }
};
cassette::pass::Register<AroundCalls> X("around_calls", "calls note(1) before and note(2) after every step(...)");
}  // namespace

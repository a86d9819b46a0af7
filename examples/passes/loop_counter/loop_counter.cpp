// What hooks cannot see: statements. Every loop of every twinned body counts
// its iterations in the context, by the loop's place (file:line:col).
#include <cassette/pass.hpp>

#include "clang/AST/RecursiveASTVisitor.h"

namespace {

struct Loops : clang::RecursiveASTVisitor<Loops> {
  std::vector<std::pair<const clang::Stmt*, const clang::Stmt*>> Found;  // loop, its body
  bool VisitForStmt(clang::ForStmt* S) { return add(S, S->getBody()); }
  bool VisitWhileStmt(clang::WhileStmt* S) { return add(S, S->getBody()); }
  bool VisitDoStmt(clang::DoStmt* S) { return add(S, S->getBody()); }
  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt* S) { return add(S, S->getBody()); }
  bool add(const clang::Stmt* Loop, const clang::Stmt* Body) {
    if (Body) Found.push_back({Loop, Body});
    return true;
  }
};

struct LoopCounter : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    Loops L;
    L.TraverseStmt(F.getBody());
    for (const auto& [Loop, Body] : L.Found) {
      std::string Count = E.context_object() + ".iteration(\"" + E.where(Loop->getBeginLoc()) + "\");";
      // At the start of each iteration: before the body's first statement,
      // or as the body when it has none.
      const auto* Block = llvm::dyn_cast<clang::CompoundStmt>(Body);
      if (Block && Block->body_empty()) E.replace(*Body, "{ " + Count + " }");
      else E.insert_before(Block ? *Block->body_front() : *Body, Count);
    }
  }
};

cassette::pass::Register<LoopCounter> X("loop_counter", "counts the iterations of every loop, by its place");

}  // namespace

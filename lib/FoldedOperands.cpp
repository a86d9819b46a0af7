#include "FoldedOperands.h"

#include <map>

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cassette::rewrite {

FoldedOperandNames::FoldedOperandNames(Preprocessor& PP) : SM(PP.getSourceManager()) {
  for (const char* Name :
       {"__builtin_constant_p", "vector_size", "__vector_size__", "ext_vector_type", "__ext_vector_type__"})
    Triggers.push_back(PP.getIdentifierInfo(Name));
}

void FoldedOperandNames::watch(const Token& T) {
  switch (State) {
    case Idle: {
      const IdentifierInfo* II = T.getIdentifierInfo();
      if (!II || llvm::find(Triggers, II) == Triggers.end()) return;
      // Only the program's own: a system header's operand names its own.
      SourceLocation L = T.getLocation();
      if (L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L))) State = AfterTrigger;
      return;
    }
    case AfterTrigger:
      State = T.is(tok::l_paren) ? InOperand : Idle;
      Depth = 1;
      return;
    case InOperand:
      if (T.is(tok::l_paren)) ++Depth;
      else if (T.is(tok::r_paren) && --Depth == 0) State = Idle;
      else if (T.is(tok::identifier)) Names.insert(T.getIdentifierInfo()->getName().str());
      return;
  }
}

namespace {

// The names of the constexpr functions a body calls or names, resolved or
// not (a template's dependent call names its candidates).
class CalledNames : public RecursiveASTVisitor<CalledNames> {
 public:
  std::set<std::string> Names;
  bool VisitDeclRefExpr(DeclRefExpr* E) {
    add(E->getDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr* E) {
    add(E->getMemberDecl());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr* E) {
    Names.insert(E->getName().getAsString());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr* E) {
    Names.insert(E->getMember().getAsString());
    return true;
  }

 private:
  void add(const ValueDecl* D) {
    if (const auto* FD = dyn_cast<FunctionDecl>(D); FD && FD->isConstexpr()) Names.insert(FD->getNameAsString());
  }
};

}  // namespace

std::set<std::string> foldedConstexprNames(const std::set<std::string>& Written,
                                           const std::vector<const FunctionDecl*>& Functions) {
  if (Written.empty()) return {};
  std::map<std::string, std::vector<const FunctionDecl*>> ByName;
  for (const FunctionDecl* FD : Functions)
    if (FD->isConstexpr() && FD->doesThisDeclarationHaveABody()) ByName[FD->getNameAsString()].push_back(FD);
  std::set<std::string> Folded;
  std::vector<std::string> Work;
  auto Reach = [&](const std::string& Name) {
    if (ByName.count(Name) && Folded.insert(Name).second) Work.push_back(Name);
  };
  for (const std::string& Name : Written) Reach(Name);
  while (!Work.empty()) {
    std::string Name = std::move(Work.back());
    Work.pop_back();
    for (const FunctionDecl* FD : ByName[Name]) {
      CalledNames Called;
      Called.TraverseStmt(FD->getBody());
      for (const std::string& Callee : Called.Names) Reach(Callee);
    }
  }
  return Folded;
}

}  // namespace cassette::rewrite

// What the tagging planner's files share: the analyses of a function body
// and the spellings they emit. Internal to lib/tagging/.
#pragma once

#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace cassette::rewrite::tagging {

/// A trivially copyable class with fields (ReturnedObjects.cpp): returned
/// by value or given to a by-value parameter, its fields' metadata moves
/// through `returning`/`adopt` and `passing`/`received`.
bool objectReturnedByValue(clang::QualType T);
/// The same, holding a number somewhere (a field, a field's field, an
/// array): given to a by-value parameter, its metadata is passed on
/// (`passing`/`received`); an object of pointers only (pugixml's
/// xml_node) has none to pass.
bool objectPassedWithMetadata(clang::QualType T);
/// T's canonical spelling, without `struct`/`class` and qualifiers.
std::string canonicalSpelling(clang::QualType T, const clang::ASTContext& Ctx);

/// ` auto cassette_cleared_x_ = cassette::rt::cleared_at_exit(ctx, x);`: a
/// guard clearing Name's metadata when it dies (ScopeExits.cpp).
std::string exitGuard(const std::string& Name, const std::string& Guard = {});

/// Which variables of a function body escape (Escapes.cpp): the candidates
/// (locals and parameters of arithmetic type that may be values) and those
/// named anywhere but as a plain load, the target of an assignment,
/// `++`/`--`, or a by-reference capture.
struct Escapes {
  std::vector<const clang::VarDecl*> Candidates;
  llvm::DenseSet<const clang::VarDecl*> Escaping;
};
Escapes escapes(const clang::FunctionDecl* FD, const clang::ASTContext& Ctx);

/// The declarations and expression statements directly in a block (where a
/// statement can follow them).
class BlockDeclarations : public clang::RecursiveASTVisitor<BlockDeclarations> {
 public:
  llvm::SmallVector<const clang::DeclStmt*, 8> Found;
  llvm::SmallVector<const clang::Expr*, 8> Expressions;
  llvm::DenseMap<const clang::DeclStmt*, const clang::CompoundStmt*> Block;  // the block each of Found is in
  llvm::SmallVector<const clang::DeclStmt*, 8> Elsewhere;  // in a for/if/while/switch header or under a label
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl*) { return true; }  // local classes are not twins
  bool VisitCompoundStmt(clang::CompoundStmt* S) {
    for (const clang::Stmt* C : S->body()) {
      if (const auto* DS = llvm::dyn_cast<clang::DeclStmt>(C)) {
        Found.push_back(DS);
        Block[DS] = S;
      } else if (const auto* E = llvm::dyn_cast<clang::Expr>(C)) {
        Expressions.push_back(E);
      }
    }
    return true;
  }
  bool VisitDeclStmt(clang::DeclStmt* S) {
    if (!Block.count(S)) Elsewhere.push_back(S);
    return true;
  }
};

}  // namespace cassette::rewrite::tagging

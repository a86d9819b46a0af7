// The family of range-for statements (RangeFor.cpp): desugared, with the
// calls the compiler chose for begin/end, !=, ++ and * each written as one
// `cassette::rt::call`.
#pragma once

#include <optional>
#include <string>

#include "SiteCollector.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"

namespace cassette::rewrite {

class RangeForSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  /// Rewrites S, walking the parts written by the user (SiteCollector::TraverseCXXForRangeStmt).
  bool rangeFor(clang::CXXForRangeStmt* S);

 private:
  using Arg = CallArg;

  /// One call the compiler wrote for a range-for (begin, !=, ++, *), as
  /// text; Names spells its implicit variables. nullopt when it cannot be written.
  std::optional<std::string> implicitCall(const clang::Expr* E,
                                          const llvm::DenseMap<const clang::VarDecl*, std::string>& Names);
  std::optional<std::string> implicitBuiltin(const clang::Expr* E,
                                             const llvm::DenseMap<const clang::VarDecl*, std::string>& Names);
  bool implicitCallees(CallPlan& P, const clang::CallExpr* Call, const clang::FunctionDecl* FD);
};

}  // namespace cassette::rewrite

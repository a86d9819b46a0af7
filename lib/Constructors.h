// The family of constructor calls (Constructors.cpp): `T(args)`, `T{args}`,
// a declaration `T x(args);`, a member initialiser `m(args)` and
// `new T(args)`, and base and delegating initialisers.
#pragma once

#include <optional>
#include <string>

#include "SiteCollector.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace cassette::rewrite {

class ConstructorSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  bool constructExpr(clang::CXXConstructExpr* E);
  bool functionalCast(clang::CXXFunctionalCastExpr* E);
  bool newExpr(clang::CXXNewExpr* E);
  bool unresolvedConstruct(clang::CXXUnresolvedConstructExpr* E);
  bool variable(clang::VarDecl* VD);
  /// A constructor's written member, base or delegating initialiser (its
  /// expression is walked by the collector after).
  void initializer(const clang::CXXCtorInitializer* Init);

 private:
  /// The context slot of a base or delegating initialiser that runs the
  /// hooks around it (cassette::rt::base_initialiser), when its arguments are
  /// names or literals.
  std::optional<std::string> hookedBaseSlot(const clang::CXXConstructExpr* CE);
  bool constructSite(const clang::CXXConstructExpr* CE, const clang::Expr* Site, ByteRange Replace,
                     std::string TypeText, bool WrapInParens);
  std::vector<std::string> argumentsAsParameters(const clang::CXXConstructorDecl* Ctor,
                                                 llvm::ArrayRef<const clang::Expr*> Args) const;
  void castArgumentsAsParameters(const clang::CXXConstructExpr* CE);
};

}  // namespace cassette::rewrite

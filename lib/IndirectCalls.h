// The family of function addresses a twin takes (IndirectCalls.cpp): `&f`,
// `f` decaying to a pointer or bound to a reference, and `&C::f`, whose twins
// are registered for calls through the pointer.
#pragma once

#include "SiteCollector.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"

namespace cassette::rewrite {

class AddressSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  /// Remember a call's callee name: it is called, not taken as an address.
  void noteCallee(const clang::CallExpr* E);
  /// A name of a function: its address, unless it is a callee.
  bool functionName(clang::DeclRefExpr* E);

 private:
  /// `&C::f`, f a non-static member function: its twin (or thunk) registered.
  bool memberAddress(clang::DeclRefExpr* E, const clang::CXXMethodDecl* MD);

  llvm::DenseSet<const clang::Expr*> CalleeNames;  // function names that are called
};

}  // namespace cassette::rewrite

// The family of calls (CallSites.cpp): calls of named functions, member
// functions (virtual ones through their thunks), overloaded operators,
// functors and lambdas, calls through pointers to member functions, and
// calls through anything else (function pointers), each one
// `cassette::rt::call`.
#pragma once

#include <optional>
#include <string>

#include "SiteCollector.h"
#include "clang/AST/ExprCXX.h"

namespace cassette::rewrite {

class ConversionSites;

class CallSites : SiteFamily {
 public:
  CallSites(SiteCollector& Sites, ConversionSites& Conversions) : SiteFamily(Sites), Conversions(Conversions) {}

  /// A call expression (SiteCollector::VisitCallExpr).
  bool call(clang::CallExpr* E);
  /// Site: what the call replaces, E itself unless E is the call a
  /// rewritten comparison makes (`a != b` calling operator==).
  bool operatorCall(clang::CXXOperatorCallExpr* E, const clang::Expr* Site = nullptr);

 private:
  using Arg = CallArg;

  bool callThroughName(clang::CallExpr* E, const clang::FunctionDecl* FD, const clang::Expr* Callee);
  bool userDefinedLiteral(clang::UserDefinedLiteral* E);
  bool builtinCall(clang::CallExpr* E, const clang::FunctionDecl* FD);
  bool memberCall(clang::CallExpr* E, const clang::Expr* Callee);
  bool resolvedMemberCall(clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD);
  void memberTwin(CallPlan& P, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD, const std::string& Dot);
  void namedMember(CallPlan& P, const clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD);
  std::optional<std::string> declaringClass(clang::QualType Object, const clang::CXXMethodDecl* MD);
  void calledByClass(CallPlan& P, const clang::CallExpr* E, clang::QualType Object, const clang::CXXMethodDecl* MD);
  bool dependentMemberCall(clang::CallExpr* E, const clang::Expr* Callee);
  void operatorTwin(CallPlan& P, const clang::CXXOperatorCallExpr* E, const clang::FunctionDecl* FD,
                    const std::string& Extra);
  bool dependentCall(clang::CallExpr* E, const clang::Expr* Callee);
  bool indirectCall(clang::CallExpr* E);
  /// `(o.*pm)(a...)`, `(p->*pm)(a...)`.
  bool memberPointerCall(clang::CallExpr* E, const clang::BinaryOperator* B);
  /// `obj.` / `(*ptr).` for a member access, and the object as an argument.
  bool objectArgument(const clang::Expr* Base, bool IsArrow, bool Implicit, Arg& Out, WhyNot& Why);

  /// A member call the compiler makes implicitly (a conversion function) is theirs.
  ConversionSites& Conversions;
};

}  // namespace cassette::rewrite

// The family of user-defined conversions the compiler applies implicitly
// (Conversions.cpp): the operand wrapped in one `cassette::rt::call` that
// converts it explicitly.
#pragma once

#include <optional>
#include <string>

#include "SiteCollector.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"

namespace cassette::rewrite {

class ConversionSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  /// A conversion function the compiler calls implicitly on ME's object.
  bool implicitConversion(clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXConversionDecl* CD);
  /// VD is the condition variable of Owner, an if or switch statement.
  void conditionVariable(const clang::VarDecl* VD, const clang::Stmt* Owner) { ConditionOwners[VD] = Owner; }

 private:
  using Arg = CallArg;

  /// The same for the condition variable of an if or switch (`if (T x = e)`).
  bool conditionVariableConversion(clang::CallExpr* E, const clang::VarDecl* VD, const clang::CXXConversionDecl* CD);
  std::optional<CallPlan> conversionPlan(const clang::CXXConversionDecl* CD, const std::string& Object, WhyNot& Why);

  /// The if or switch statement declaring each condition variable seen.
  llvm::DenseMap<const clang::VarDecl*, const clang::Stmt*> ConditionOwners;
};

}  // namespace cassette::rewrite

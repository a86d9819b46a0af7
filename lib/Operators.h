// The family of builtin operators on fundamental types (Operators.cpp):
// primitive operations, `cassette::rt::call_op`.
#pragma once

#include "SiteCollector.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/OperatorKinds.h"
#include "llvm/ADT/DenseSet.h"

namespace cassette::rewrite {

class OperatorSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  bool binaryOperator(clang::BinaryOperator* E);
  bool unaryOperator(clang::UnaryOperator* E);
  bool arraySubscript(clang::ArraySubscriptExpr* E);

 private:
  using Arg = CallArg;

  bool builtinOperator(clang::Expr* E, const char* OpName, clang::OverloadedOperatorKind OO,
                       llvm::ArrayRef<const clang::Expr*> Operands, bool Postfix);
  bool knownOperator(clang::Expr* E, clang::SourceLocation OperatorLoc, const std::string& Symbol,
                     const std::string& Identity, llvm::ArrayRef<const clang::Expr*> Operands,
                     const std::vector<Arg>& Args);
  const clang::Expr* contractedProduct(const clang::BinaryOperator* E) const;

  /// Floating multiplications that a rewritten addition or subtraction takes
  /// as an operand in the same expression, where the original may be
  /// contracted into a fused multiply-add: emitted as
  /// `cassette::rt::call_op_product` (contractedProduct).
  llvm::DenseSet<const clang::Expr*> ContractedProducts;
  /// The additions and subtractions that take them: `call_op_sum`, so that
  /// every other builtin operator's call_op is one function template, not
  /// seven overloads to deduce at each site.
  llvm::DenseSet<const clang::Expr*> ContractingSums;
  // Compound assignments whose right operand is evaluated first (rt::right_first).
  llvm::DenseSet<const clang::Expr*> RightFirst;
  const clang::Expr* LastOperator = nullptr;  // the last builtin operator rewritten as call_op
};

}  // namespace cassette::rewrite

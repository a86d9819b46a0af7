// The family of lambdas written in a twin (Lambdas.cpp): rewritten in place,
// capturing the context slot.
#pragma once

#include "SiteCollector.h"
#include "clang/AST/ExprCXX.h"

namespace cassette::rewrite {

class LambdaSites : SiteFamily {
 public:
  using SiteFamily::SiteFamily;

  /// Whether E's body is walked: false when E stays as written (reported);
  /// else its introducer captures the context slot, where the body uses it.
  bool lambda(clang::LambdaExpr* E);

 private:
  bool convertedToFunctionPointer(const clang::LambdaExpr* E);
  bool mayBeConvertedToFunctionPointer(const clang::LambdaExpr* E);
  bool typeNamed(const clang::LambdaExpr* E);
};

}  // namespace cassette::rewrite

#include "tagging/Policy.h"

#include "RewriteEnv.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace cassette::rewrite {

bool taggableType(QualType T) {
  if (T.isNull() || T->isDependentType()) return false;
  T = T.getCanonicalType();
  if (T.isVolatileQualified()) return false;
  const auto* BT = T->getAs<BuiltinType>();
  return BT && (BT->isInteger() || BT->isFloatingPoint() || BT->getKind() == BuiltinType::Bool);
}

bool constantVariable(const VarDecl* VD, const ASTContext& Ctx) {
  if (!VD) return false;
  if (VD->isConstexpr() || VD->hasAttr<ConstInitAttr>()) return true;
  QualType T = VD->getType();
  const Expr* Init = VD->getInit();
  return T.isConstQualified() && T->isIntegralOrEnumerationType() && Init &&
         (Init->isValueDependent() || Init->isTypeDependent() || Init->isIntegerConstantExpr(Ctx));
}

bool TaggingPolicy::taggedInSignature(QualType T) const { return On && !T->isReferenceType() && taggableType(T); }

std::string TaggingPolicy::signatureType(QualType T, const std::string& Spelling) const {
  if (!taggedInSignature(T)) return Spelling;
  return std::string("::cassette::value_t<") + CtxParam + ", " + Spelling + ">";
}

std::string TaggingPolicy::runtimeIncludes() const { return On ? "#include <cassette/rt/tagging.hpp>\n" : ""; }

std::string TaggingPolicy::thunkResult(const std::string& TwinCall) const {
  return On ? "::cassette::untag(" + TwinCall + ")" : TwinCall;
}

std::optional<SkipReason> TaggingPolicy::baseInitialiserUnhooked() const {
  if (On) return SkipReason::BaseInitialiserTagging;
  return std::nullopt;
}

}  // namespace cassette::rewrite

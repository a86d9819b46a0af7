// `&f` under --tagging: the indirect-call table of f's pointer type holds f's
// twin only when the twin takes the arguments such a pointer passes.
#include <map>
#include <set>

#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "tagging/Planner.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

/// The indices of the template type parameters of depth Depth a type names.
class TemplateParamUses : public RecursiveASTVisitor<TemplateParamUses> {
 public:
  explicit TemplateParamUses(unsigned Depth) : Depth(Depth) {}
  std::set<unsigned> Found;
  bool VisitTemplateTypeParmType(TemplateTypeParmType* T) {
    if (T->getDepth() == Depth) Found.insert(T->getIndex());
    return true;
  }

 private:
  unsigned Depth;
};

/// --tagging: whether FD's twin converts to `twin_fn_ptr<C, decltype(&FD)>`,
/// whose by-value arithmetic parameters and result are tagged values. A
/// twin's are where the declaration's types are not dependent; in an
/// instantiated template a `T` stays plain, unless the conversion deduces it
/// as the tagged type (a function template named without template
/// arguments, where T stands alone wherever it appears).
bool twinTakesTaggedSignature(const FunctionDecl* FD, bool ExplicitTemplateArgs) {
  const FunctionDecl* Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern) return true;
  if (Pattern->getNumParams() != FD->getNumParams()) return false;  // a pack
  // The result, then the parameters: as the twin writes them, and as instantiated.
  std::vector<QualType> Written{Pattern->getReturnType()}, Used{FD->getReturnType()};
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    Written.push_back(Pattern->getParamDecl(I)->getType());
    Used.push_back(FD->getParamDecl(I)->getType());
  }
  auto Tagged = [](QualType T) { return !T->isReferenceType() && taggableType(T); };
  const FunctionTemplateDecl* Own = ExplicitTemplateArgs ? nullptr : Pattern->getDescribedFunctionTemplate();
  auto Alone = [&](QualType T) -> const TemplateTypeParmType* {
    const auto* P = T.getCanonicalType().getUnqualifiedType()->getAs<TemplateTypeParmType>();
    return P && Own && P->getDepth() == Own->getTemplateParameters()->getDepth() ? P : nullptr;
  };
  std::map<unsigned, QualType> Deduced;  // template parameter -> the type its tagged value wraps
  for (size_t I = 0; I < Written.size(); ++I) {
    if (Tagged(Written[I]) == Tagged(Used[I])) continue;
    const TemplateTypeParmType* P = Alone(Written[I]);
    if (!P) return false;
    QualType V = Used[I].getCanonicalType().getUnqualifiedType();
    if (!Deduced.emplace(P->getIndex(), V).second && Deduced[P->getIndex()] != V) return false;
  }
  if (Deduced.empty()) return true;
  // Anywhere else (`const T&`, `T*`) such a T would be deduced as the plain type.
  for (size_t I = 0; I < Written.size(); ++I) {
    if (Alone(Written[I])) continue;
    TemplateParamUses Uses(Own->getTemplateParameters()->getDepth());
    Uses.TraverseType(Written[I].getCanonicalType());
    for (unsigned X : Uses.Found)
      if (Deduced.count(X)) return false;
  }
  return true;
}

}  // namespace

bool TaggingPlanner::untabledFunctionAddress(const DeclRefExpr* E, const FunctionDecl* FD) {
  if (!Env.Tagging.On || twinTakesTaggedSignature(FD, E->hasExplicitTemplateArgs())) return false;
  // Its twin would not go in the table of this pointer type: calls through
  // the address run the original, as a direct call with tagged arguments does.
  Sites.skip(E, Env.calleeName(FD), SkipReason::FunctionAddressTagging);
  return true;
}

}  // namespace cassette::rewrite

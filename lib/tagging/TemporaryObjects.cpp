// Temporary aggregates whose fields record their elements' metadata:
// `B{x, 1, 2}.x`, `g(B{x, y})` and `g({x, y})` for a reference parameter or
// a by-value one (whose twin takes the metadata from it: `passing`).
// A temporary has no name for `cassette::rt::init` to record the metadata
// at, so it is built in a home that lives as the temporary would, to the
// end of the full expression (cassette::rt::temporary):
//   rt::temporary<B>(ctx).make([&](B& t) -> B { return B{rt::init(ctx, t.x, x), ...}; })
#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "clang/AST/ParentMapContext.h"
#include "tagging/Analyses.h"
#include "tagging/Planner.h"
#include "tagging/Policy.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
/// Whether an element of a braced list may carry metadata: a number that is
/// no literal and no constant, or a list holding one.
bool carriesMetadata(const Expr* E, const ASTContext& Ctx) {
  if (!E) return false;
  if (const auto* D = dyn_cast<DesignatedInitExpr>(E)) E = D->getInit();
  E = E->IgnoreImplicit();
  if (const auto* IL = dyn_cast<InitListExpr>(E))
    return llvm::any_of(IL->inits(), [&](const Expr* I) { return carriesMetadata(I, Ctx); });
  if (!taggableType(E->getType()) || E->isValueDependent()) return false;
  const Expr* Bare = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Bare)) return false;
  if (const auto* D = dyn_cast<DeclRefExpr>(Bare); D && constantVariable(dyn_cast<VarDecl>(D->getDecl()), Ctx))
    return false;
  return true;
}
/// A braced list's semantic form (the traversal visits the form as written).
const Expr* semantic(const Expr* E) {
  if (const auto* IL = dyn_cast<InitListExpr>(E); IL && !IL->isSemanticForm() && IL->getSemanticForm())
    return IL->getSemanticForm();
  return E;
}
}  // namespace

std::optional<TaggingPlanner::RecordedTemporary> TaggingPlanner::recordedTemporary(
    const MaterializeTemporaryExpr* E) const {
  // Bound to a reference that extends its life (`const B& r = B{x};`): the
  // home would die first.
  if (E->getExtendingDecl()) return std::nullopt;
  return recordedTemporary(E->getSubExpr()->IgnoreImplicit());
}

std::optional<TaggingPlanner::RecordedTemporary> TaggingPlanner::recordedTemporary(const Expr* Written) const {
  if (!active() || Written->isTypeDependent() || Written->isValueDependent()) return std::nullopt;
  RecordedTemporary Out;
  Out.Written = Written;
  const InitListExpr* IL = dyn_cast<InitListExpr>(Written);
  if (const auto* Cast = dyn_cast<CXXFunctionalCastExpr>(Written))
    IL = dyn_cast<InitListExpr>(Cast->getSubExpr()->IgnoreImplicit());
  if (!IL) return std::nullopt;
  if (const InitListExpr* Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm()) IL = Sem;
  if (ListsInitialisingMemory.count(IL)) return std::nullopt;
  QualType T = IL->getType().getUnqualifiedType();
  const auto* RD = T->getAsCXXRecordDecl();
  // The aggregates whose fields initListFields knows how to name.
  if (!RD || !RD->isAggregate() || RD->isUnion() || RD->getNumBases() != 0 || RD->isLambda()) return std::nullopt;
  if (!carriesMetadata(IL, Env.Ctx)) return std::nullopt;
  Out.Type = Env.accessibleTypeSpelling(T);
  std::optional<ByteRange> R = Env.editableRange(Written->getSourceRange(), File);
  // Otherwise its elements go in untagged (bracedList).
  if (Out.Type.empty() || !R || !IL->getLBraceLoc().isFileID()) return std::nullopt;
  Out.List = IL;
  Out.Range = *R;
  return Out;
}

bool TaggingPlanner::buildsTemporary(const Expr* E) const {
  const Expr* X = E->IgnoreParens();
  while (const auto* C = dyn_cast<ImplicitCastExpr>(X)) {
    if (C->getCastKind() != CK_NoOp) return false;
    X = C->getSubExpr()->IgnoreParens();
  }
  // For a reference parameter, or `{x, y}` for a by-value one (`B{x, y}`
  // for a by-value parameter goes where the call is written anyway).
  if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(X)) return recordedTemporary(M).has_value();
  return isa<InitListExpr>(X) && argumentTemporary(X).has_value();
}

void TaggingPlanner::temporaryObject(const MaterializeTemporaryExpr* E) {
  if (std::optional<RecordedTemporary> T = recordedTemporary(E)) buildTemporary(*T);
}

std::optional<TaggingPlanner::RecordedTemporary> TaggingPlanner::argumentTemporary(const Expr* E) const {
  if (!active() || E->isTypeDependent()) return std::nullopt;
  // The parent map knows the semantic form, the traversal gives the written one.
  const Expr* Written = semantic(E);
  DynTypedNodeList Parents = Env.Ctx.getParents(*Written);
  if (isa<InitListExpr>(Written) && !Parents.empty())
    if (const auto* Cast = Parents[0].get<CXXFunctionalCastExpr>()) {
      Written = Cast;
      Parents = Env.Ctx.getParents(*Cast);
    }
  const auto* Call = Parents.empty() ? nullptr : Parents[0].get<CallExpr>();
  const FunctionDecl* Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee) return std::nullopt;
  // An operator's object argument is no parameter.
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
    if (semantic(Call->getArg(I)) == Written && I - Shift < Callee->getNumParams())
      return tagging::objectPassedWithMetadata(Callee->getParamDecl(I - Shift)->getType()) ? recordedTemporary(Written)
                                                                                           : std::nullopt;
  return std::nullopt;
}

bool TaggingPlanner::temporaryArgument(const InitListExpr* IL) {
  std::optional<RecordedTemporary> T = argumentTemporary(IL);
  if (T) buildTemporary(*T);
  return T.has_value();
}

void TaggingPlanner::buildTemporary(const RecordedTemporary& T) {
  // Nested temporaries each name their own object.
  std::string Name = "cassette_temporary_" + std::to_string(TemporaryCount++) + "_";
  Edits.wrap(T.Range,
             std::string("::cassette::rt::temporary<") + T.Type + ">(" + CtxVar + ").make([&](" + T.Type + "& " + Name +
                 ") -> " + T.Type + " { return ",
             "; })");
  initListFields(T.List, Name);
}

}  // namespace cassette::rewrite

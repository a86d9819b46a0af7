// Temporary aggregates whose fields record their elements' metadata:
// `B{x, 1, 2}.x`, `g(B{x, y})` and `g({x, y})` for a reference parameter.
// A temporary has no name for `cassette::rt::init` to record the metadata
// at, so it is built in a home that lives as the temporary would, to the
// end of the full expression (cassette::rt::temporary):
//   rt::temporary<B>(ctx).make([&](B& t) -> B { return B{rt::init(ctx, t.x, x), ...}; })
#include "RewriteEnv.h"
#include "SiteCollector.h"
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
}  // namespace

std::optional<TaggingPlanner::RecordedTemporary> TaggingPlanner::recordedTemporary(
    const MaterializeTemporaryExpr* E) const {
  if (!active() || E->isTypeDependent() || E->isValueDependent()) return std::nullopt;
  // Bound to a reference that extends its life (`const B& r = B{x};`): the
  // home would die first.
  if (E->getExtendingDecl()) return std::nullopt;
  RecordedTemporary Out;
  Out.Written = E->getSubExpr()->IgnoreImplicit();
  const InitListExpr* IL = dyn_cast<InitListExpr>(Out.Written);
  if (const auto* Cast = dyn_cast<CXXFunctionalCastExpr>(Out.Written))
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
  std::optional<ByteRange> R = Env.editableRange(Out.Written->getSourceRange(), File);
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
  const auto* M = dyn_cast<MaterializeTemporaryExpr>(X);
  return M && recordedTemporary(M);
}

void TaggingPlanner::temporaryObject(const MaterializeTemporaryExpr* E) {
  std::optional<RecordedTemporary> T = recordedTemporary(E);
  if (!T) return;
  // Nested temporaries each name their own object.
  std::string Name = "cassette_temporary_" + std::to_string(TemporaryCount++) + "_";
  Edits.wrap(T->Range,
             std::string("::cassette::rt::temporary<") + T->Type + ">(" + CtxVar + ").make([&](" + T->Type + "& " +
                 Name + ") -> " + T->Type + " { return ",
             "; })");
  initListFields(T->List, Name);
}

}  // namespace cassette::rewrite

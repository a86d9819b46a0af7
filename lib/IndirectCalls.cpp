// Functions of the tree whose address a twin takes (`&f`, `f` decaying to a
// pointer, `f` bound to a function reference): the address stays the
// original's, and the twin of the function is registered for the context
// type (runtime/cassette/indirect.hpp), so that a call through the pointer
// under that context (a `cassette::indirect` call, or
// `std::function::operator()`) runs the twin.
#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cassette::rewrite {

void SiteCollector::noteCallee(const CallExpr* E) {
  if (const auto* DRE = dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts())) CalleeNames.insert(DRE);
}

bool SiteCollector::VisitDeclRefExpr(DeclRefExpr* E) {
  if (CalleeNames.count(E) || LeaveAsWritten) return true;
  const auto* FD = dyn_cast<FunctionDecl>(E->getDecl());
  if (!FD || E->isValueDependent() || E->isTypeDependent() || FD->getType()->isDependentType()) return true;
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic()) return true;  // pointer to member
  if (!Env.twinnable(FD)) return true;
  std::optional<ByteRange> Name = siteRange(E);
  if (!Name) {
    skip(E, Env.calleeName(FD), "function address taken inside a macro expansion (calls through it run the original)");
    return true;
  }
  // What the address replaces: `&f` as a whole, `f` decaying, or `f` as a function lvalue.
  ByteRange Replace = *Name;
  enum { Pointer, Lvalue } Form = Lvalue;
  DynTypedNodeList Parents = Env.Ctx.getParents(*E);
  while (!Parents.empty()) {
    const Stmt* P = Parents[0].get<Stmt>();
    if (const auto* Paren = dyn_cast_or_null<ParenExpr>(P)) {
      Parents = Env.Ctx.getParents(*Paren);
      continue;
    }
    if (const auto* Cast = dyn_cast_or_null<ImplicitCastExpr>(P); Cast && Cast->getCastKind() == CK_FunctionToPointerDecay) {
      Form = Pointer;
    } else if (const auto* U = dyn_cast_or_null<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf) {
      std::optional<ByteRange> Whole = siteRange(U);
      if (!Whole) return true;
      Replace = *Whole;
      Form = Pointer;
    }
    break;
  }
  Location L = Env.location(E->getBeginLoc());
  std::string Qualifier = E->getQualifierLoc() ? sourceText(E->getQualifierLoc().getSourceRange()) : "";
  std::string TemplateArgs =
      E->hasExplicitTemplateArgs() ? sourceText(SourceRange(E->getLAngleLoc(), E->getRAngleLoc())) : "";
  std::string Written = Edits.text(*Name).str();
  std::string PtrType = Env.typeSpelling(Env.Ctx.getPointerType(FD->getType()));
  std::string Twin = Qualifier + TUEnv::twinName(FD) + TemplateArgs;
  std::string Address = std::string("::cassette::twin_address<") + CtxParam + ", static_cast<" + PtrType + ">(&" +
                        Written + "), static_cast<::cassette::twin_fn_ptr<" + CtxParam + ", " + PtrType + ">>(&" +
                        Twin + ")>()";
  std::string Key = Env.externalTwinKey(FD, File);
  if (!Key.empty())
    Address = std::string("(::cassette::require_registered<") + CtxParam + ">(), " + Address + ")";
  if (Form == Lvalue) Address = "(*" + Address + ")";
  // Not defined under --root after all: the original, as written.
  if (!Key.empty()) Address = twinIfDefined(Key, Address, Edits.text(Replace).str());
  Env.Rep.rewritten("function address", L);
  Edits.add(Replace, [Address] { return Address; });
  return true;
}

}  // namespace cassette::rewrite

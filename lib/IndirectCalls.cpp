// Functions of the tree whose address a twin takes (`&f`, `f` decaying to a
// pointer, `f` bound to a function reference): the address stays the
// original's, and the twin of the function is registered for the context
// type (runtime/cassette/indirect.hpp), so that a call through the pointer
// under that context (a `cassette::indirect` call, or
// `std::function::operator()`) runs the twin. So is the twin of a function
// whose address a namespace-scope initialiser takes (a test framework's
// registration table), from the main file's anchors.
#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

namespace cassette::rewrite {

namespace {

// DeclRefExprs naming functions in initialisers outside any function body:
// namespace-scope variables and static data members.
class InitialiserAddresses : public RecursiveASTVisitor<InitialiserAddresses> {
 public:
  std::vector<const DeclRefExpr*> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseFunctionDecl(FunctionDecl*) { return true; }
  bool TraverseCXXMethodDecl(CXXMethodDecl*) { return true; }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl*) { return true; }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl*) { return true; }
  bool TraverseCXXConversionDecl(CXXConversionDecl*) { return true; }
  bool TraverseFunctionTemplateDecl(FunctionTemplateDecl*) { return true; }
  bool TraverseClassTemplateDecl(ClassTemplateDecl*) { return true; }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool VisitDeclRefExpr(DeclRefExpr* E) {
    if (isa<FunctionDecl>(E->getDecl())) Found.push_back(E);
    return true;
  }
};

/// How code at namespace scope at the end of the main file names FD's scope:
/// `::ns::`, `::ns::C::` (anonymous namespaces are left out: their members
/// are found in the enclosing one). Empty when it cannot.
std::string scopeFromNamespace(TUEnv& Env, const FunctionDecl* FD) {
  std::string Scope;
  for (const DeclContext* DC = FD->getDeclContext(); !DC->isTranslationUnit(); DC = DC->getParent()) {
    if (const auto* NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isAnonymousNamespace()) Scope = NS->getNameAsString() + "::" + Scope;
    } else if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) {
      if (RD->isDependentContext() || RD->isLambda() || RD->getIdentifier() == nullptr) return "";
      if (!Env.nameableInAnchor(RD)) return "";  // the registrations stand in the anchors
      Scope = RD->getNameAsString() + "::" + Scope;
    } else if (!isa<LinkageSpecDecl>(DC)) {
      return "";  // a local declaration
    }
  }
  return "::" + Scope;
}

}  // namespace

std::string initialiserTwinRegistrations(TUEnv& Env) {
  // Under tagging a twin's parameters are value_t<C, T>, not the pointer's.
  if (Env.Opts.Tagging) return "";
  SourceManager& SM = Env.SM;
  InitialiserAddresses V;
  V.TraverseDecl(Env.Ctx.getTranslationUnitDecl());
  std::set<const FunctionDecl*> Done;
  std::string Out;
  for (const DeclRefExpr* E : V.Found) {
    const auto* FD = cast<FunctionDecl>(E->getDecl())->getCanonicalDecl();
    if (!SM.isInMainFile(SM.getExpansionLoc(E->getBeginLoc())) || !Done.insert(FD).second) continue;
    if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && (!MD->isStatic() || !Env.nameableInAnchor(MD))) continue;
    const FunctionDecl* Def = FD->getDefinition();
    // Its twin must be instantiable here: defined in this unit, of the tree.
    if (!Def || FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate || FD->getType()->isDependentType() ||
        !Env.twinnable(Def) || !SM.isWrittenInMainFile(SM.getExpansionLoc(Def->getLocation())))
      continue;
    std::string Scope = scopeFromNamespace(Env, FD);
    std::string PtrType = Env.anchorTypeSpelling(Env.Ctx.getPointerType(FD->getType()));
    if (Scope.empty() || PtrType.empty()) continue;
    Out += std::string("static_cast<void>(&::cassette::detail::twin_entry<") + CtxParam + ", static_cast<" + PtrType +
           ">(&" + Scope + FD->getNameAsString() + "), static_cast<::cassette::twin_fn_ptr<" + CtxParam + ", " +
           PtrType + ">>(&" + Scope + TUEnv::twinName(FD) + ")>); ";
  }
  return Out;
}

}  // namespace cassette::rewrite

// Functions of the tree whose address a twin takes (`&f`, `f` decaying to a
// pointer, `f` bound to a function reference): the address stays the
// original's, and the twin of the function is registered for the context
// type (runtime/cassette/indirect.hpp), so that a call through the pointer
// under that context (a `cassette::indirect` call, or
// `std::function::operator()`) runs the twin. So is the twin of a function
// whose address a namespace-scope initialiser takes (a test framework's
// registration table), from the main file's anchors.
//
// The same for a pointer to a non-static member function (`&C::f`): the
// member twin, or for a virtual f its thunk, is registered in a member table
// that a `cassette::member_pointer` call `(o.*pm)(a...)` looks pm up in.
#include "IndirectCalls.h"

#include <map>
#include <set>

#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cassette::rewrite {

void AddressSites::noteCallee(const CallExpr* E) {
  if (const auto* DRE = dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts())) CalleeNames.insert(DRE);
}

bool AddressSites::functionName(DeclRefExpr* E) {
  if (CalleeNames.count(E) || Sites.leaveAsWritten()) return true;
  const auto* FD = dyn_cast<FunctionDecl>(E->getDecl());
  if (!FD) return true;
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic()) return memberAddress(E, MD);
  if (E->isValueDependent() || E->isTypeDependent() || FD->getType()->isDependentType()) return true;
  if (!Env.reachesTwin(FD, File)) return true;
  if (Sites.Tagging.untabledFunctionAddress(E, FD)) return true;
  std::optional<ByteRange> Name = Sites.siteRange(E);
  if (!Name) {
    Sites.skip(E, Env.calleeName(FD), SkipReason::FunctionAddressInMacro);
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
    if (const auto* Cast = dyn_cast_or_null<ImplicitCastExpr>(P);
        Cast && Cast->getCastKind() == CK_FunctionToPointerDecay) {
      Form = Pointer;
    } else if (const auto* U = dyn_cast_or_null<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf) {
      std::optional<ByteRange> Whole = Sites.siteRange(U);
      if (!Whole) return true;
      Replace = *Whole;
      Form = Pointer;
    }
    break;
  }
  Location L = Env.location(E->getBeginLoc());
  std::string Qualifier = E->getQualifierLoc() ? Sites.sourceText(E->getQualifierLoc().getSourceRange()) : "";
  std::string TemplateArgs =
      E->hasExplicitTemplateArgs() ? Sites.sourceText(SourceRange(E->getLAngleLoc(), E->getRAngleLoc())) : "";
  std::string Written = Edits.text(*Name).str();
  // A GNU noreturn function's type does not spell back in a template argument
  // (`void (*)(int) __attribute__((noreturn))`): its address converts to the
  // plain pointer. A calling convention other than the default cannot be
  // dropped so: that address stays as written.
  const auto* FT = FD->getType()->castAs<FunctionType>();
  if (FT->getCallConv() != Env.Ctx.getDefaultCallingConvention(FD->isVariadic(), false)) {
    Sites.skip(E, Env.calleeName(FD), SkipReason::FunctionAddressCallingConvention);
    return true;
  }
  QualType Plain(Env.Ctx.adjustFunctionType(FT, FT->getExtInfo().withNoReturn(false)), 0);
  std::string PtrType = Env.typeSpelling(Env.Ctx.getPointerType(Plain));
  std::string Twin = Qualifier + TUEnv::twinName(FD) + TemplateArgs;
  std::string Address = std::string("::cassette::rt::twin_address<") + CtxParam + ", static_cast<" + PtrType + ">(&" +
                        Written + "), static_cast<::cassette::rt::twin_fn_ptr<" + CtxParam + ", " + PtrType + ">>(&" +
                        Twin + ")>()";
  std::string Key = Env.externalTwinKey(FD, File);
  if (!Key.empty()) Address = std::string("(::cassette::rt::require_registered<") + CtxParam + ">(), " + Address + ")";
  if (Form == Lvalue) Address = "(*" + Address + ")";
  // Not defined under --root after all: the original, as written.
  if (!Key.empty()) Address = twinIfDefined(Key, Address, Edits.text(Replace).str());
  Env.Rep.rewritten("function address", L);
  Env.TakesAddresses.insert(File);
  Edits.add(Replace, [Address] { return Address; });
  return true;
}

bool AddressSites::memberAddress(DeclRefExpr* E, const CXXMethodDecl* MD) {
  // A non-static member is named outside a member access only by `&C::f`
  // (or unevaluated).
  DynTypedNodeList Parents = Env.Ctx.getParents(*E);
  const auto* U = Parents.empty() ? nullptr : Parents[0].get<UnaryOperator>();
  if (!U || U->getOpcode() != UO_AddrOf || MD->isVariadic() ||
      !(U->getType()->isMemberFunctionPointerType() || U->isTypeDependent()))
    return true;
  // A virtual f: `&C::f` dispatches on the object, so does its thunk.
  bool Virtual = MD->isVirtual();
  if (Virtual ? !Env.hasVirtualThunk(MD) : !Env.reachesTwin(MD, File)) return true;
  std::optional<ByteRange> Name = Sites.siteRange(E), Whole = Sites.siteRange(U);
  if (!Name || !Whole) {
    Sites.skip(E, Env.calleeName(MD), SkipReason::MemberFunctionAddressInMacro);
    return true;
  }
  std::string Qualifier = E->getQualifierLoc() ? Sites.sourceText(E->getQualifierLoc().getSourceRange()) : "";
  std::string TemplateArgs =
      E->hasExplicitTemplateArgs() ? Sites.sourceText(SourceRange(E->getLAngleLoc(), E->getRAngleLoc())) : "";
  std::string Written = Edits.text(*Name).str();
  // In a class template, `&Box::get` of the current instantiation: the type
  // as the template spells it (the name is resolved: one type).
  std::string PtrType = U->isTypeDependent() ? "decltype(&" + Written + ")" : Env.typeSpelling(U->getType());
  std::string Target = Virtual ? "static_cast<::cassette::rt::thunk_member_ptr<" + PtrType + ">>(&" + Qualifier +
                                     TUEnv::thunkName(MD) + ")"
                               : "static_cast<::cassette::rt::twin_member_ptr<" + std::string(CtxParam) + ", " +
                                     PtrType + ">>(&" + Qualifier + TUEnv::twinName(MD) + TemplateArgs + ")";
  std::string Key = "static_cast<" + PtrType + ">(&" + Written + ")";
  // Converted to a pointer to a member of a derived class (`void (D::*)()`
  // holding `&Base::f`): registered under the type calls go through.
  const Stmt* Outer = U;
  for (;;) {
    DynTypedNodeList Up = Env.Ctx.getParents(*Outer);
    const auto* P = Up.empty() ? nullptr : Up[0].get<Expr>();
    if (!P) break;
    const auto* Cast = dyn_cast<CastExpr>(P);
    if (!isa<ParenExpr>(P) && !(Cast && Cast->getCastKind() == CK_BaseToDerivedMemberPointer)) break;
    if (Cast && !Cast->getType()->isDependentType())
      Key = "static_cast<" + Env.typeSpelling(Cast->getType()) + ">(" + Key + ")";
    Outer = P;
  }
  std::string Address = std::string("::cassette::rt::twin_address<") + CtxParam + ", " + Key + ", " + Target + ">()";
  // A thunk is defined in its class; a twin may be defined in another file.
  std::string External = Virtual ? "" : Env.externalTwinKey(MD, File);
  if (!External.empty()) {
    Address = std::string("(::cassette::rt::require_registered<") + CtxParam + ">(), " + Address + ")";
    Address = twinIfDefined(External, Address, Edits.text(*Whole).str());
  }
  Env.Rep.rewritten("member function address", Env.location(E->getBeginLoc()));
  Env.TakesAddresses.insert(File);
  Edits.add(*Whole, [Address] { return Address; });
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
  // Under tagging a twin's parameters may be value_t<C, T>, not the pointer's.
  if (Env.Tagging.twinSignaturesDiffer()) return "";
  SourceManager& SM = Env.SM;
  InitialiserAddresses V;
  traverseWholeUnit(V, Env.Ctx);
  std::set<const FunctionDecl*> Done;
  std::string Out;
  for (const DeclRefExpr* E : V.Found) {
    const auto* FD = cast<FunctionDecl>(E->getDecl())->getCanonicalDecl();
    if (!SM.isInMainFile(SM.getExpansionLoc(E->getBeginLoc())) || !Done.insert(FD).second) continue;
    const auto* MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && (!Env.nameableInAnchor(MD) || MD->isVariadic() || isa<CXXConstructorDecl, CXXDestructorDecl>(MD)))
      continue;
    bool Member = MD && !MD->isStatic(), Virtual = Member && MD->isVirtual();
    if (Virtual && !Env.hasVirtualThunk(MD)) continue;
    const FunctionDecl* Def = FD->getDefinition();
    // Its twin must be instantiable here: defined in this unit, of the tree.
    if (!Def || FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate || FD->getType()->isDependentType() ||
        !Env.twinnable(Def) || !SM.isWrittenInMainFile(SM.getExpansionLoc(Def->getLocation())))
      continue;
    std::string Scope = scopeFromNamespace(Env, FD);
    QualType Ptr = Member ? Env.Ctx.getMemberPointerType(FD->getType(), MD->getParent()->getTypeForDecl())
                          : Env.Ctx.getPointerType(FD->getType());
    std::string PtrType = Env.anchorTypeSpelling(Ptr);
    if (Scope.empty() || PtrType.empty()) continue;
    // A pointer to a member function: its twin, or for a virtual one its
    // thunk, which dispatches on the object (indirect.hpp's member table).
    std::string Target = Virtual ? "static_cast<::cassette::rt::thunk_member_ptr<" + PtrType + ">>(&" + Scope +
                                       TUEnv::thunkName(FD) + ")"
                         : Member ? "static_cast<::cassette::rt::twin_member_ptr<" + std::string(CtxParam) + ", " +
                                        PtrType + ">>(&" + Scope + TUEnv::twinName(FD) + ")"
                                  : "static_cast<::cassette::rt::twin_fn_ptr<" + std::string(CtxParam) + ", " +
                                        PtrType + ">>(&" + Scope + TUEnv::twinName(FD) + ")";
    Out += std::string("static_cast<void>(&::cassette::rt::detail::") +
           (Member ? "member_twin_entry<" : "twin_entry<") + CtxParam + ", static_cast<" + PtrType + ">(&" + Scope +
           FD->getNameAsString() + "), " + Target + ">); ";
  }
  return Out;
}

}  // namespace cassette::rewrite

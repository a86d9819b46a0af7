#include "MemberCallers.h"

#include <set>

using namespace clang;

namespace cassette::rewrite {

namespace {
/// A class of the tree whose `{` is written in a file: a nested struct with
/// member templates may be declared there. Not a local class (no member
/// templates), nor one in an `extern "C"` block (nor may it have them).
const CXXRecordDecl* writtenClass(TUEnv& Env, const CXXRecordDecl* RD) {
  if (const CXXRecordDecl* P = RD->getTemplateInstantiationPattern()) RD = P;
  RD = RD->getDefinition();
  if (!RD || RD->isLambda() || RD->isImplicit() || !RD->getIdentifier() || RD->getParentFunctionOrMethod() ||
      RD->getLexicalDeclContext()->isExternCContext())
    return nullptr;
  // A deprecated class named at a site warns there, where the original's
  // call named no class.
  for (const DeclContext* DC = RD; isa<CXXRecordDecl>(DC); DC = DC->getParent())
    if (cast<CXXRecordDecl>(DC)->isDeprecated() || cast<CXXRecordDecl>(DC)->isUnavailable()) return nullptr;
  SourceLocation Brace = RD->getBraceRange().getBegin();
  if (Brace.isInvalid() || !Brace.isFileID() || !Env.inRootFile(Env.SM.getFileID(Brace))) return nullptr;
  return RD;
}

/// Whether N can be written in the callers' macro: an identifier that was
/// never a macro's name (the macro would expand it where the class stands,
/// even if the unit undefined it later: `#undef max`) and not one of ours, or an
/// operator other than `,` (it would split the macro's arguments), `->`
/// (kept with its member access), `new`/`delete` (static) and `co_await`.
bool spellableName(DeclarationName N) {
  if (const IdentifierInfo* I = N.getAsIdentifierInfo())
    return !I->hadMacroDefinition() && !I->getName().starts_with("cassette_");
  if (N.getNameKind() != DeclarationName::CXXOperatorName) return false;
  switch (N.getCXXOverloadedOperator()) {
    case OO_Comma:
    case OO_Arrow:
    case OO_New:
    case OO_Delete:
    case OO_Array_New:
    case OO_Array_Delete:
    case OO_Coawait: return false;
    default: return true;
  }
}

/// N is spellable and every declaration of N in RD is a non-static member
/// function that is not a template, not virtual (its calls go through
/// thunks), not brought in by a using-declaration, and not deprecated (its
/// call in the callers would warn where the site's did not: inside a
/// deprecated function, under a pragma that silences the warning).
bool callersName(const CXXRecordDecl* RD, DeclarationName N) {
  if (!spellableName(N)) return false;
  DeclContextLookupResult Found = RD->lookup(N);
  // Written in the class (an implicit assignment alone gets no callers: the
  // class's text does not declare it, and clang declares it lazily).
  if (llvm::none_of(Found, [](const NamedDecl* D) { return !D->isImplicit(); })) return false;
  return llvm::all_of(Found, [](const NamedDecl* D) {
    const auto* MD = dyn_cast<CXXMethodDecl>(D);
    return MD && !MD->isStatic() && !MD->isVirtual() && !MD->getDescribedFunctionTemplate() &&
           !isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(MD) && !MD->isDeprecated() &&
           !MD->isUnavailable();
  });
}
}  // namespace

bool hasMemberCallers(TUEnv& Env, const CXXRecordDecl* RD, DeclarationName N) {
  const CXXRecordDecl* W = writtenClass(Env, RD);
  return W && callersName(W, N);
}

std::string memberCallers(TUEnv& Env, const CXXRecordDecl* RD) {
  if (writtenClass(Env, RD) != RD) return "";
  std::set<DeclarationName> Seen;
  std::string Out;
  for (const Decl* D : RD->decls()) {
    const auto* MD = dyn_cast<CXXMethodDecl>(D);
    if (!MD || MD->isImplicit()) continue;
    DeclarationName N = MD->getDeclName();
    if (!Seen.insert(N).second || !callersName(RD, N)) continue;
    if (N.isIdentifier()) Out += " CASSETTE_MEMBER_CALLERS(" + N.getAsString() + ")";
    else
      Out += std::string(" CASSETTE_MEMBER_OPERATOR_CALLERS(") + N.getAsString() + ", " +
             TUEnv::operatorKindName(N.getCXXOverloadedOperator()) + ")";
  }
  if (Out.empty()) return Out;
  return "public:" + Out + (RD->isClass() ? " private:" : "");
}

std::string callersSuffix(DeclarationName N) {
  std::string Suffix = TUEnv::twinSuffix(N);  // as the twin's name ends
  return Suffix.empty() ? N.getAsString() : Suffix;
}

}  // namespace cassette::rewrite

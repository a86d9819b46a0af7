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
  SourceLocation Brace = RD->getBraceRange().getBegin();
  if (Brace.isInvalid() || !Brace.isFileID() || !Env.inRootFile(Env.SM.getFileID(Brace))) return nullptr;
  return RD;
}

/// Every declaration of N in RD is a non-static member function that is not
/// a template, not virtual (its calls go through thunks) and not brought in
/// by a using-declaration; N is no macro's name (the callers' macro would
/// expand it) and not one of ours.
bool callersName(const CXXRecordDecl* RD, const IdentifierInfo* N) {
  if (!N || N->hasMacroDefinition() || N->getName().starts_with("cassette_")) return false;
  DeclContextLookupResult Found = RD->lookup(DeclarationName(N));
  if (Found.empty()) return false;
  return llvm::all_of(Found, [](const NamedDecl* D) {
    const auto* MD = dyn_cast<CXXMethodDecl>(D);
    return MD && !MD->isStatic() && !MD->isVirtual() && !MD->getDescribedFunctionTemplate() &&
           !isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(MD);
  });
}
}  // namespace

bool hasMemberCallers(TUEnv& Env, const CXXRecordDecl* RD, const IdentifierInfo* N) {
  const CXXRecordDecl* W = writtenClass(Env, RD);
  return W && callersName(W, N);
}

std::string memberCallers(TUEnv& Env, const CXXRecordDecl* RD) {
  if (writtenClass(Env, RD) != RD) return "";
  std::set<const IdentifierInfo*> Seen;
  std::string Out;
  for (const Decl* D : RD->decls()) {
    const auto* MD = dyn_cast<CXXMethodDecl>(D);
    if (!MD || MD->isImplicit()) continue;
    const IdentifierInfo* N = MD->getIdentifier();
    if (!N || !Seen.insert(N).second || !callersName(RD, N)) continue;
    Out += " CASSETTE_MEMBER_CALLERS(" + N->getName().str() + ")";
  }
  if (Out.empty()) return Out;
  return " public:" + Out + (RD->isClass() ? " private:" : "");
}

}  // namespace cassette::rewrite

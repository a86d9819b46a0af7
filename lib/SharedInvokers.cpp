// Invokers shared by the call sites of one function (SharedInvokers.h).
#include "SharedInvokers.h"

#include <cctype>

#include "RewriteEnv.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

// The names a function declares in its body (variables, types, enumerators,
// using-declarations, block-scope function declarations, lambdas'
// parameters), and whether something changes what a name finds without
// declaring it: a using-directive, `using enum`, a block-scope operator.
struct LocalDeclarations : RecursiveASTVisitor<LocalDeclarations> {
  explicit LocalDeclarations(llvm::StringSet<>& Names) : Names(Names) {}
  llvm::StringSet<>& Names;
  bool ChangesLookup = false;
  std::vector<const LambdaExpr*> Lambdas;
  std::vector<const Stmt*> Discardable;  // branches of `if constexpr`
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitLambdaExpr(LambdaExpr* E) {
    Lambdas.push_back(E);
    return true;
  }
  bool VisitIfStmt(IfStmt* S) {
    if (S->isConstexpr())
      for (const Stmt* Branch : {S->getThen(), S->getElse()})
        if (Branch) Discardable.push_back(Branch);
    return true;
  }
  bool VisitNamedDecl(NamedDecl* D) {
    if (const IdentifierInfo* I = D->getIdentifier()) Names.insert(I->getName());
    // An operator a using-declaration (or a block-scope declaration) brings
    // in: an invoker's `a + b` does not spell it, so no word of it tells.
    DeclarationName::NameKind K = D->getDeclName().getNameKind();
    if ((K == DeclarationName::CXXOperatorName || K == DeclarationName::CXXLiteralOperatorName ||
         K == DeclarationName::CXXConversionFunctionName) &&
        !isa<CXXMethodDecl>(D))
      ChangesLookup = true;
    return true;
  }
  bool VisitUsingDirectiveDecl(UsingDirectiveDecl*) {
    ChangesLookup = true;
    return true;
  }
  bool VisitUsingEnumDecl(UsingEnumDecl*) {  // its enumerators are no declarations of the body
    ChangesLookup = true;
    return true;
  }
};

// A declaration the top of the body cannot name: one of the function's own
// (or of a class or lambda inside it). Its template parameters it can, but
// for a pack, which only a pack expansion (around the site) may name.
bool local(const Decl* D) {
  if (const auto* T = dyn_cast<TemplateTypeParmDecl>(D)) return T->isParameterPack();
  if (const auto* T = dyn_cast<NonTypeTemplateParmDecl>(D)) return T->isParameterPack();
  if (const auto* T = dyn_cast<TemplateTemplateParmDecl>(D)) return T->isParameterPack();
  if (const auto* V = dyn_cast<VarDecl>(D); V && V->isLocalVarDeclOrParm()) return true;
  return isa<BindingDecl>(D) || D->getParentFunctionOrMethod() != nullptr;
}

// Whether the site, but for the arguments it passes on (evaluated where the
// call is written, not in the invoker), uses `this` or a local declaration.
struct LocalUses : RecursiveASTVisitor<LocalUses> {
  llvm::DenseSet<const Stmt*> Passed;
  bool AllowThis = false;  // the invoker captures it
  bool Found = false;
  bool TraverseStmt(Stmt* S) {
    if (!S || Found || Passed.count(S)) return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitCXXThisExpr(CXXThisExpr*) { return !(Found = !AllowThis); }
  bool VisitDeclRefExpr(DeclRefExpr* E) { return !(Found = local(E->getDecl())); }
  bool VisitMemberExpr(MemberExpr* E) { return !(Found = local(E->getMemberDecl())); }
  bool VisitTagTypeLoc(TagTypeLoc T) { return !(Found = local(T.getDecl())); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc T) { return !(Found = local(T.getTypedefNameDecl())); }
  bool VisitTemplateTypeParmTypeLoc(TemplateTypeParmTypeLoc T) { return !(Found = T.getDecl() && local(T.getDecl())); }
  // What names the place or the expression it is written at: `f<__LINE__>`,
  // `f<HERE>` (a macro's text, which no node records), `f<decltype([] {})>`
  // (a type per site).
  const SourceManager* SM = nullptr;
  bool VisitSourceLocExpr(SourceLocExpr*) { return !(Found = true); }
  bool VisitLambdaExpr(LambdaExpr*) { return !(Found = true); }
  bool VisitStmt(Stmt* S) {
    SourceLocation L = S->getBeginLoc();
    return !(Found = L.isMacroID() && !SM->isMacroArgExpansion(L));
  }
};

// Whether a default argument or default member initialiser of the unit names
// its place (CallPlan.h, namesItsPlace), std::source_location::current's own
// aside. A call in a template whose callee is not known yet might use one;
// its invoker then stays at the site.
struct PlaceNamingDefaults : RecursiveASTVisitor<PlaceNamingDefaults> {
  bool Found = false;
  static bool sourceLocationCurrent(const DeclContext* DC) {
    const auto* FD = dyn_cast<FunctionDecl>(DC);
    const auto* RD = FD ? dyn_cast<CXXRecordDecl>(FD->getParent()) : nullptr;
    return RD && FD->getName() == "current" && RD->getName() == "source_location" && RD->isInStdNamespace();
  }
  bool VisitParmVarDecl(ParmVarDecl* P) {
    if (P->hasDefaultArg() && !P->hasUnparsedDefaultArg() && !P->hasUninstantiatedDefaultArg() &&
        !sourceLocationCurrent(P->getDeclContext()) && namesItsPlace(P->getDefaultArg()))
      Found = true;
    return !Found;
  }
  bool VisitFieldDecl(FieldDecl* F) {
    if (F->hasInClassInitializer() && namesItsPlace(F->getInClassInitializer())) Found = true;
    return !Found;
  }
};

bool placeNamingDefaults(TUEnv& Env) {
  if (!Env.PlaceNamingDefaults) {
    PlaceNamingDefaults V;
    traverseWholeUnit(V, Env.Ctx);
    Env.PlaceNamingDefaults = V.Found;
  }
  return *Env.PlaceNamingDefaults;
}

// What follows the prefix in a shared invoker's name: the last part of the
// callee's name in its identity (`fn<"ns::f">(...)` gives f), else the
// identity's own (`::cassette::indirect(...)` gives indirect).
std::string nameStem(llvm::StringRef Identity) {
  llvm::StringRef Name = Identity;
  if (size_t Open = Identity.find("fn<\""); Open != llvm::StringRef::npos) {
    Name = Identity.substr(Open + 4);
    Name = Name.substr(0, Name.find("\">"));
  } else {
    Name = Name.substr(0, Name.find_first_of("({<"));
  }
  // An operator's name is the last component, `::` in its symbol or not.
  size_t Op = Name.rfind("operator");
  bool Operator =
      Op != llvm::StringRef::npos && (Op == 0 || Name[Op - 1] == ':') &&
      (Op + 8 == Name.size() || !(std::isalnum(static_cast<unsigned char>(Name[Op + 8])) || Name[Op + 8] == '_'));
  if (!Operator) {
    if (size_t Colon = Name.rfind(':'); Colon != llvm::StringRef::npos) Name = Name.substr(Colon + 1);
  } else {
    // `operator<` is named as its twin is (operator_Less).
    llvm::StringRef Symbol = Name.substr(Op + 8).trim();
    if (Symbol.consume_front("\\\"\\\"")) return "literal" + Symbol.str();  // operator""_km: literal_km
#define OVERLOADED_OPERATOR(Kind, Spelling, Token, Unary, Binary, MemberOnly) \
  if (Symbol == Spelling) return "operator_" #Kind;
#include "clang/Basic/OperatorKinds.def"
    Name = Name.substr(Op);
  }
  std::string Stem;
  for (char C : Name) Stem += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  return Stem.find_first_not_of('_') == std::string::npos ? "call" : Stem;
}

}  // namespace

void SharedInvokers::begin(const FunctionDecl* FD, EditSet& Edits, TUEnv& Env, FileID File) {
  const SourceManager& SM = Env.SM;
  this->Env = &Env;
  const auto* CS = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!CS || FD->getParentFunctionOrMethod() || CS->getLBracLoc().isMacroID() || CS->getRBracLoc().isMacroID()) return;
  auto [LFile, L] = SM.getDecomposedLoc(CS->getLBracLoc());
  auto [RFile, R] = SM.getDecomposedLoc(CS->getRBracLoc());
  if (LFile != File || RFile != File) return;
  LocalDeclarations Locals(LocalNames);
  for (const ParmVarDecl* P : FD->parameters())
    if (const IdentifierInfo* I = P->getIdentifier()) LocalNames.insert(I->getName());
  Locals.TraverseStmt(const_cast<CompoundStmt*>(CS));
  if (Locals.ChangesLookup) return;
  LocalNames.insert(CtxVar);  // the twin's own parameter
  auto Spans = [&](const Stmt* S, std::vector<ByteRange>& Out) {
    SourceLocation Last = SM.getExpansionRange(S->getEndLoc()).getEnd();
    auto [BFile, B] = SM.getDecomposedLoc(SM.getExpansionLoc(S->getBeginLoc()));
    auto [EFile, End] = SM.getDecomposedLoc(Last);
    if (BFile == File && EFile == File) Out.push_back(ByteRange{B, End + Lexer::MeasureTokenLength(Last, SM, Env.LO)});
    else Enabled = false;
  };
  Enabled = true;
  for (const LambdaExpr* E : Locals.Lambdas) Spans(E, Lambdas);
  // In a template, an invoker moved out of an `if constexpr` branch would be
  // instantiated with the function even where the branch is discarded (its
  // `T::get()` for a T without one).
  if (FD->isTemplated())
    for (const Stmt* S : Locals.Discardable) Spans(S, Discardable);
  if (!Enabled) return;
  const auto* Method = dyn_cast<CXXMethodDecl>(FD);
  Captureless = !Method || Method->isStatic();
  Body = ByteRange{L + 1, R};
  Edits.add(ByteRange{Body.Begin, Body.Begin}, [this] { return declarations(); });
}

bool SharedInvokers::shareable(const Expr* Site, ByteRange Range, const CallPlan& P) const {
  if (!Enabled || !Body.contains(Range)) return false;
  // Held by a variable that captures `this`, which a lambda of the body
  // would have to capture in turn.
  if (!Captureless && llvm::any_of(Lambdas, [&](ByteRange L) { return L.contains(Range); })) return false;
  if (llvm::any_of(Discardable, [&](ByteRange B) { return B.contains(Range); })) return false;
  // What the invoker evaluates (default arguments, conversions) must not name
  // its place; in a template, where the callee may not be known yet, no
  // default of the unit may.
  if (namesItsPlace(Site) || (Site->isInstantiationDependent() && placeNamingDefaults(*Env))) return false;
  LocalUses Uses;
  Uses.SM = &Env->SM;
  Uses.AllowThis = !Captureless;
  for (const CallArg& A : P.Args) {
    if (A.How == CallArg::Inline) return false;  // evaluated in the invoker
    if (A.E) Uses.Passed.insert(A.E);            // evaluated at the site (`*this` too)
  }
  Uses.TraverseStmt(const_cast<Expr*>(Site));
  return !Uses.Found;
}

bool SharedInvokers::share(const std::string& Lambda, llvm::StringRef Prefix, llvm::StringRef Identity) {
  if (auto It = Index.find(Lambda); It != Index.end()) {
    ++Entries[It->second].Uses;
    return true;
  }
  if (Lambda.find('\n') != std::string::npos || !llvm::StringRef(Lambda).starts_with("[&]")) return false;
  // Every identifier of the text, string literals' words included (a name
  // that is also a local one only keeps the invoker at its site).
  for (size_t I = 0; I < Lambda.size();) {
    if (!std::isalpha(static_cast<unsigned char>(Lambda[I])) && Lambda[I] != '_') {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Lambda.size() && (std::isalnum(static_cast<unsigned char>(Lambda[J])) || Lambda[J] == '_')) ++J;
    llvm::StringRef Word(Lambda.data() + I, J - I);
    if ((Captureless && Word == "this") || LocalNames.contains(Word)) return false;
    I = J;
  }
  Index[Lambda] = Entries.size();
  Entries.push_back(Entry{Lambda, (Prefix + nameStem(Identity)).str(), 1, ""});
  return true;
}

// Names the invokers more than one site passes, in the order first shared;
// an invoker of one site stays there, where it is read with its call.
void SharedInvokers::name() const {
  if (Named) return;
  Named = true;
  llvm::StringSet<> Taken;
  for (Entry& E : Entries) {
    if (E.Uses < 2) continue;
    E.Name = E.Stem;
    for (unsigned N = 2; Taken.contains(E.Name); ++N) E.Name = E.Stem + "_" + std::to_string(N);
    Taken.insert(E.Name);
  }
}

std::string SharedInvokers::declarations() const {
  name();
  // In a member function the invoker may call another member (on `this`,
  // which it captures as the site's did); elsewhere it captures nothing, and
  // a lambda of the body makes a value of its type.
  std::string Out;
  for (const Entry& E : Entries)
    if (!E.Name.empty())
      Out += " [[maybe_unused]] auto " + E.Name + " = " + (Captureless ? "[]" + E.Lambda.substr(3) : E.Lambda) + ";";
  return Out;
}

std::string SharedInvokers::variable(const std::string& Lambda) const {
  name();
  auto It = Index.find(Lambda);
  if (It == Index.end() || Entries[It->second].Name.empty()) return "";
  const std::string& Name = Entries[It->second].Name;
  return Captureless ? "decltype(" + Name + "){}" : Name;
}

}  // namespace cassette::rewrite

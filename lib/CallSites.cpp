// Calls of named functions, member functions (virtual ones through their
// thunks), overloaded operators, functors and lambdas, calls through
// pointers to member functions, and calls through anything else (function
// pointers): each becomes one `cassette::rt::call`.
#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
std::string join(const std::vector<std::string>& V, size_t From = 0) {
  std::string Out;
  for (size_t I = From; I < V.size(); ++I) {
    if (I > From) Out += ", ";
    Out += V[I];
  }
  return Out;
}
std::string withTwinSlot(const std::string& Slot, const std::vector<std::string>& Uses, size_t From = 0) {
  std::string Rest = join(Uses, From);
  return Slot + (Rest.empty() ? "" : ", " + Rest);
}

bool isMovable(const CXXRecordDecl* RD) {
  if (!RD || !RD->hasDefinition()) return true;
  RD = RD->getDefinition();
  if (RD->needsImplicitMoveConstructor() && !RD->defaultedMoveConstructorIsDeleted()) return true;
  if (RD->needsImplicitCopyConstructor() && !RD->defaultedCopyConstructorIsDeleted()) return true;
  for (const CXXConstructorDecl* C : RD->ctors())
    if (C->isCopyOrMoveConstructor() && !C->isDeleted()) return true;
  return false;
}

}  // namespace

bool destroyableByRuntime(QualType T) {
  const CXXRecordDecl* RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || T->isDependentType()) return true;
  const CXXDestructorDecl* D = RD->getDefinition()->getDestructor();
  return !D || (!D->isDeleted() && D->getAccess() == AS_public);
}

namespace {
/// What a temporary's wrapper (cleanups, materialisation, binding) holds;
/// null when E is none of them.
const Expr* insideTemporary(const Expr* E) {
  if (const auto* F = dyn_cast<FullExpr>(E)) return F->getSubExpr();
  if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(E)) return M->getSubExpr();
  if (const auto* B = dyn_cast<CXXBindTemporaryExpr>(E)) return B->getSubExpr();
  return nullptr;
}

/// A null pointer constant (`0`, `NULL`) converted to a pointer or member
/// pointer (or nullptr_t) here, possibly under an implicit converting
/// constructor: forwarded, it would arrive as an integer. The type it is
/// converted to is returned when the conversion is the whole argument.
bool convertsNullConstant(const Expr* E, QualType* Target = nullptr) {
  bool Outermost = true;
  while (E) {
    E = E->IgnoreParens();
    if (const auto* C = dyn_cast<ImplicitCastExpr>(E)) {
      if ((C->getCastKind() == CK_NullToPointer || C->getCastKind() == CK_NullToMemberPointer) &&
          !C->getSubExpr()->getType()->isNullPtrType()) {
        if (Target && Outermost) *Target = C->getType();
        return true;
      }
      E = C->getSubExpr();
    } else if (const Expr* Inner = insideTemporary(E)) {
      E = Inner;
    } else if (const auto* CE = dyn_cast<CXXConstructExpr>(E);
               CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() >= 1 && !CE->isListInitialization()) {
      E = CE->getArg(0);  // an implicit converting construction
      Outermost = false;
    } else {
      return false;
    }
  }
  return false;
}

/// A string literal converted to a pointer to non-const characters (the
/// C++03 conversion Clang still accepts, e.g. `"x"` to `char*`): it applies
/// to the literal only, so the argument carries the conversion explicitly.
/// Returns the pointer type, or a null type.
QualType writableStringTarget(const Expr* E) {
  const auto* C = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
  if (!C || C->getCastKind() != CK_NoOp || !C->getType()->isPointerType() ||
      C->getType()->getPointeeType().isConstQualified() || !isa<StringLiteral>(C->getSubExpr()->IgnoreParenImpCasts()))
    return QualType();
  return C->getType();
}

bool usesDefaultArguments(const CallExpr* E) {
  for (const Expr* A : E->arguments())
    if (isa<CXXDefaultArgExpr>(A)) return true;
  return false;
}
}  // namespace

void SiteCollector::collect(const FunctionDecl* FD) {
  InTemplate = FD->isTemplated();
  planTagging(FD);
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* Init : Ctor->inits())
      if (Init->isWritten()) constructorInitializer(Init);
  TraverseStmt(FD->getBody());
}

bool SiteCollector::TraverseCXXTypeidExpr(CXXTypeidExpr* E) {
  if (!E->isPotentiallyEvaluated()) return true;
  return Base::TraverseCXXTypeidExpr(E);
}

bool SiteCollector::TraverseVarDecl(VarDecl* VD) {
  // Usable in constant expressions: its initialiser must stay a constant
  // (`const int m = cap * 2;` is not one).
  bool Constant = constantVariable(VD, Env.Ctx);
  if (Constant) ++LeaveAsWritten;
  bool R = Base::TraverseVarDecl(VD);
  if (Constant) --LeaveAsWritten;
  return R;
}

// `(e)` spelled by CASSETTE_NOOVERDUB(e).
static bool noOverdubParens(const Expr* E, const TUEnv& Env) {
  const auto* P = dyn_cast_or_null<ParenExpr>(E);
  SourceLocation L = P ? P->getLParen() : SourceLocation();
  return L.isMacroID() && Lexer::getImmediateMacroName(L, Env.SM, Env.LO) == "CASSETTE_NOOVERDUB";
}

// A call of a member of CASSETTE_NOOVERDUB(e) (a pass's
// `context_object().f(...)`): the call runs as written too, as Cassette's
// `Expr(:nooverdub)` marks a callee; its arguments are still overdubbed.
static bool memberOfNoOverdub(const CallExpr* E, const TUEnv& Env) {
  const Expr* Callee = E->getCallee()->IgnoreParenImpCasts();
  const Expr* Base = nullptr;
  if (const auto* M = dyn_cast<MemberExpr>(Callee)) Base = M->getBase();
  else if (const auto* D = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    Base = D->isImplicitAccess() ? nullptr : D->getBase();
  else if (const auto* U = dyn_cast<UnresolvedMemberExpr>(Callee))
    Base = U->isImplicitAccess() ? nullptr : U->getBase();
  return Base && noOverdubParens(Base->IgnoreImpCasts(), Env);
}

bool SiteCollector::TraverseParenExpr(ParenExpr* E) {
  bool NoOverdub = noOverdubParens(E, Env);
  if (NoOverdub) ++LeaveAsWritten;
  bool R = Base::TraverseParenExpr(E);
  if (NoOverdub) --LeaveAsWritten;
  return R;
}

bool SiteCollector::TraverseSwitchStmt(SwitchStmt* S) {
  if (const VarDecl* VD = S->getConditionVariable()) ConditionOwners[VD] = S;
  return Base::TraverseSwitchStmt(S);
}

bool SiteCollector::TraverseIfStmt(IfStmt* S) {
  if (const VarDecl* VD = S->getConditionVariable()) ConditionOwners[VD] = S;
  if (!S->isConstexpr() && !S->isConsteval()) return Base::TraverseIfStmt(S);
  TraverseStmt(S->getInit());
  if (S->isConstexpr()) {
    ++LeaveAsWritten;
    TraverseStmt(S->getCond());
    --LeaveAsWritten;
    TraverseStmt(S->getThen());
  }
  TraverseStmt(S->getElse());  // `if consteval`: only the else branch runs at run time
  return true;
}

bool SiteCollector::TraverseCaseStmt(CaseStmt* S) {
  ++LeaveAsWritten;
  TraverseStmt(S->getLHS());
  TraverseStmt(S->getRHS());
  --LeaveAsWritten;
  return TraverseStmt(S->getSubStmt());
}

namespace {
// Conversions that list-initialisation rejects as narrowing unless the
// source is a constant whose value fits.
bool mayNarrow(CastKind K) {
  switch (K) {
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: return true;
    default: return false;
  }
}

// The elements of a braced list (its semantic form, nested lists included)
// that are constants converted as above: `{ -3, 128 }` for doubles.
void constantsNarrowed(const InitListExpr* Sem, const ASTContext& Ctx, llvm::DenseSet<const Expr*>& Out) {
  for (const Expr* Init : Sem->inits()) {
    if (!Init) continue;
    if (const auto* Nested = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
      constantsNarrowed(Nested, Ctx, Out);
      continue;
    }
    const auto* IC = dyn_cast<ImplicitCastExpr>(Init);
    if (!IC || !mayNarrow(IC->getCastKind())) continue;
    const Expr* Sub = IC->getSubExpr();
    if (!Sub->isValueDependent() && !Sub->isTypeDependent() && Sub->isCXX11ConstantExpr(Ctx)) Out.insert(Sub);
  }
}
}  // namespace

bool SiteCollector::TraverseInitListExpr(InitListExpr* S) {
  InitListExpr* Syn = S->isSemanticForm() ? S->getSyntacticForm() : S;
  if (!Syn) Syn = S;
  const InitListExpr* Sem = S->isSemanticForm() ? S : S->getSemanticForm();
  llvm::DenseSet<const Expr*> Narrowed;
  if (Sem && !Sem->isValueDependent()) constantsNarrowed(Sem, Env.Ctx, Narrowed);
  if (!WalkUpFromInitListExpr(Syn)) return false;
  for (Stmt* Child : Syn->children()) {
    // A narrowing conversion is valid only from a constant: an element such
    // as `-3` stays a constant (its operators are not intercepted).
    // A list with one form (`int{n / 2}`) holds the conversion itself.
    const Expr* E = dyn_cast_or_null<Expr>(Child);
    if (const auto* IC = dyn_cast_or_null<ImplicitCastExpr>(E)) E = IC->getSubExpr();
    bool Keep = Child && (Narrowed.count(cast<Expr>(Child)) || Narrowed.count(E));
    if (Keep) ++LeaveAsWritten;
    TraverseStmt(Child);
    if (Keep) --LeaveAsWritten;
  }
  return true;
}

namespace {
// The operator== or operator<=> call that a rewritten comparison makes: `a
// != b` is `!(a == b)`, `a < b` is `(a <=> b) < 0`, and either may take the
// operands reversed (`0 < (b <=> a)`).
CXXOperatorCallExpr* comparisonCall(CXXRewrittenBinaryOperator* E) {
  Expr* S = E->getSemanticForm()->IgnoreImplicit();
  if (auto* U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_LNot) S = U->getSubExpr()->IgnoreImplicit();
  if (auto* C = dyn_cast<CXXOperatorCallExpr>(S); C && C->getOperator() == OO_EqualEqual) return C;
  auto Spaceship = [](Expr* X) -> CXXOperatorCallExpr* {
    auto* C = dyn_cast<CXXOperatorCallExpr>(X->IgnoreImplicit());
    return C && C->getOperator() == OO_Spaceship ? C : nullptr;
  };
  unsigned Side = E->isReversed() ? 1 : 0;
  if (auto* C = dyn_cast<CXXOperatorCallExpr>(S); C && C->getNumArgs() == 2) return Spaceship(C->getArg(Side));
  if (auto* B = dyn_cast<BinaryOperator>(S)) return Spaceship(Side ? B->getRHS() : B->getLHS());
  return nullptr;
}
}  // namespace

// The comparison is rewritten as what it calls: `a != b` becomes `!(<the
// hooked call of operator==(a, b)>)`, `a < b` `(<operator<=>(a, b)>) < 0`,
// so the hooks see the call the program makes and its twin runs.
bool SiteCollector::TraverseCXXRewrittenBinaryOperator(CXXRewrittenBinaryOperator* E) {
  CXXOperatorCallExpr* Call = comparisonCall(E);
  WhyNot Why;
  std::optional<ByteRange> R = siteRange(E, &Why);
  LastSite = nullptr;
  if (!Call || !Call->getDirectCallee()) skip(E, "comparison", SkipReason::RewrittenComparison);
  else if (LeaveAsWritten) skip(E, "comparison", SkipReason::ConstantEvaluated);
  else if (!R) skip(E, "comparison", Why);
  else operatorCall(Call, E);  // reports its own skip
  if (LastSite == E) {
    std::string Written = BinaryOperator::getOpcodeStr(E->getOpcode()).str();
    std::string Prefix, Suffix;
    if (Call->getOperator() == OO_EqualEqual) {
      if (E->getOpcode() == BO_NE) Prefix = "!(", Suffix = ")";
    } else if (E->isReversed()) {
      Prefix = "0 " + Written + " (", Suffix = ")";
    } else {
      Prefix = "(", Suffix = ") " + Written + " 0";
    }
    if (!Prefix.empty()) Edits.wrap(*R, Prefix, Suffix);
  }
  CXXRewrittenBinaryOperator::DecomposedForm D = E->getDecomposedForm();
  TraverseStmt(const_cast<Expr*>(D.LHS));
  TraverseStmt(const_cast<Expr*>(D.RHS));
  return true;
}

std::optional<ByteRange> SiteCollector::siteRange(const Stmt* S, WhyNot* Why) const {
  return Env.editableRange(S->getSourceRange(), File, Why);
}

std::string SiteCollector::sourceText(SourceRange R) const {
  if (auto B = Env.fileRange(R, File)) return Edits.render(*B);
  return "";
}

void SiteCollector::skip(const Stmt* S, const std::string& What, const WhyNot& Why) {
  Env.skipped(What, Why, S->getSourceRange());
}

// Whether the argument E, as the call converts it, goes through an immediate
// invocation: a consteval constructor or conversion (fmt's format strings).
// Its operand must then be a constant where the conversion happens, which a
// forwarding reference into the invoker is not.
static bool convertedImmediately(const Expr* E) {
  const Expr* Spelled = E->IgnoreUnlessSpelledInSource();
  while (E && E != Spelled) {
    if (const auto* C = dyn_cast<ConstantExpr>(E); C && C->isImmediateInvocation()) return true;
    if (const auto* C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getConstructor()->isConsteval()) return true;
      E = C->getNumArgs() ? C->getArg(0) : nullptr;
    } else if (const auto* M = dyn_cast<CXXMemberCallExpr>(E)) {  // an implicit conversion
      if (M->getMethodDecl() && M->getMethodDecl()->isConsteval()) return true;
      E = M->getImplicitObjectArgument();
    } else if (const Expr* Inner = insideTemporary(E)) {
      E = Inner;
    } else if (const auto* I = dyn_cast<ImplicitCastExpr>(E)) {
      E = I->getSubExpr();
    } else {
      return false;
    }
  }
  return false;
}

// The class a parameter of type T is, through aliases, also when T depends on
// a template parameter (`format_string<Args...>`: the class template's pattern).
static const CXXRecordDecl* parameterClass(QualType T) {
  T = T.getNonReferenceType();
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    if (const CXXRecordDecl* RD = T->getAsCXXRecordDecl()) return RD;
    const auto* TST = T->getAs<TemplateSpecializationType>();
    if (!TST) return nullptr;
    if (const auto* CTD = dyn_cast_or_null<ClassTemplateDecl>(TST->getTemplateName().getAsTemplateDecl()))
      return CTD->getTemplatedDecl();
    if (!TST->isTypeAlias()) return nullptr;
    T = TST->getAliasedType();
  }
  return nullptr;
}

// Whether E names a member that, in the class template its object's type
// names, is a bit-field (fmt's `specs.align` for a basic_format_specs<Char>):
// known only per instantiation otherwise, and a bit-field cannot be forwarded.
static bool dependentBitField(const Expr* E) {
  const auto* M = dyn_cast<CXXDependentScopeMemberExpr>(E->IgnoreParens());
  if (!M || M->isImplicitAccess()) return false;
  QualType Base = M->getBaseType();
  if (M->isArrow()) {
    if (const auto* P = Base->getAs<PointerType>()) Base = P->getPointeeType();
    else return false;
  }
  const CXXRecordDecl* RD = parameterClass(Base);
  if (!RD || !RD->hasDefinition()) return false;
  for (const NamedDecl* D : RD->getDefinition()->lookup(M->getMember()))
    if (const auto* F = dyn_cast<FieldDecl>(D); F && F->isBitField()) return true;
  return false;
}

static bool hasConstevalConstructor(const CXXRecordDecl* RD) {
  if (!RD || !RD->hasDefinition()) return false;
  for (const Decl* D : RD->getDefinition()->decls()) {
    if (const auto* FTD = dyn_cast<FunctionTemplateDecl>(D)) D = FTD->getTemplatedDecl();
    if (const auto* C = dyn_cast<CXXConstructorDecl>(D); C && C->isConsteval()) return true;
  }
  return false;
}

// For a call not resolved yet (in a template): whether some candidate may
// convert its argument Index with a consteval constructor.
static bool immediateParameter(const OverloadExpr* Candidates, unsigned Index) {
  for (const NamedDecl* N : Candidates->decls()) {
    const NamedDecl* D = N->getUnderlyingDecl();
    if (const auto* FTD = dyn_cast<FunctionTemplateDecl>(D)) D = FTD->getTemplatedDecl();
    const auto* FD = dyn_cast<FunctionDecl>(D);
    if (FD && Index < FD->getNumParams() && hasConstevalConstructor(parameterClass(FD->getParamDecl(Index)->getType())))
      return true;
  }
  return false;
}

bool SiteCollector::classify(const Expr* E, Arg& Out, WhyNot& Why, bool AllowInline) {
  Out = Arg();
  Out.E = E;
  std::optional<ByteRange> R = Env.fileRange(E->getSourceRange(), File);
  if (!R) {
    Why = SkipReason::OperandPartlyInMacro;
    return false;
  }
  Out.Range = *R;
  if (isa<PackExpansionExpr>(E)) {
    Out.How = Arg::Pack;
    return true;
  }
  if (QualType T = writableStringTarget(E); !T.isNull()) {
    Out.Prefix = "const_cast<" + Env.typeSpelling(T) + ">(";
    Out.Postfix = ")";
    return true;
  }
  // What cannot travel through a forwarding reference is evaluated inside
  // the invoker instead, exactly as written.
  const Expr* Bare = E->IgnoreParenImpCasts();
  std::optional<SkipReason> Reason;
  QualType NullTarget;
  if (Edits.text(*R).ltrim().starts_with("{")) Reason = SkipReason::BracedInitListOperand;
  else if (E->IgnoreUnlessSpelledInSource()->refersToBitField() || dependentBitField(Bare))
    Reason = SkipReason::BitFieldOperand;
  else if (!E->isValueDependent() && convertsNullConstant(E, &NullTarget))
    Reason = SkipReason::NullPointerConstantOperand;
  // `0` or NULL for a parameter whose type may depend on a template
  // parameter (leveldb's SkipList<const char*>: `NewNode(0, kMaxHeight)`
  // for a `const Key&`) may be a null pointer constant there: forwarded, it
  // would arrive as an int.
  else if (AllowInline && InTemplate &&
           (isa<GNUNullExpr>(Bare) || (isa<IntegerLiteral>(Bare) && cast<IntegerLiteral>(Bare)->getValue() == 0)))
    Reason = SkipReason::NullPointerConstantOperand;
  else if (isa<OverloadExpr>(Bare)) Reason = SkipReason::OverloadedFunctionNameOperand;
  else if (const auto* DRE = dyn_cast<DeclRefExpr>(Bare); DRE && isa<FunctionDecl>(DRE->getDecl()))
    Reason = SkipReason::FunctionNameOperand;
  else if (const auto* U = dyn_cast<UnaryOperator>(Bare);
           U && U->getOpcode() == UO_AddrOf &&
           (isa<OverloadExpr>(U->getSubExpr()->IgnoreParens()) ||
            (isa<DeclRefExpr>(U->getSubExpr()->IgnoreParens()) &&
             isa<FunctionDecl>(cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens())->getDecl()))))
    Reason = SkipReason::FunctionAddressOperand;
  else if (E->isPRValue() && !E->isTypeDependent() && !isMovable(E->getType()->getAsCXXRecordDecl()))
    Reason = SkipReason::NonMovableTemporaryOperand;
  else if (convertedImmediately(E)) Reason = SkipReason::ImmediatelyConvertedOperand;
  if (Reason && !AllowInline && !E->isTypeDependent()) {
    // An operand of a builtin operator cannot be inlined, but a value can be
    // passed as a prvalue of the type the operator sees.
    if (!NullTarget.isNull()) {
      Out.Fixed = "static_cast<" + Env.typeSpelling(NullTarget) + ">(nullptr)";
      return true;
    }
    if (E->IgnoreUnlessSpelledInSource()->refersToBitField() && E->isPRValue()) {
      Out.Prefix = "static_cast<" + Env.typeSpelling(E->getType()) + ">(";
      Out.Postfix = ")";
      return true;
    }
  }
  if (Reason) {
    if (!AllowInline) {
      Why = *Reason;
      return false;
    }
    Out.How = Arg::Inline;
  }
  return true;
}

bool SiteCollector::classifyArgs(llvm::ArrayRef<const Expr*> Args, std::vector<Arg>& Out, WhyNot& Why,
                                 const OverloadExpr* Candidates) {
  bool AfterPack = false;
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr* A = Args[I];
    if (isa<CXXDefaultArgExpr>(A)) break;  // defaults are the callee's business
    Arg X;
    if (!classify(A, X, Why)) return false;
    if (Candidates && X.How == Arg::Forward && immediateParameter(Candidates, I)) X.How = Arg::Inline;
    // Only the last invoker parameter can be a pack; what follows one is inlined.
    if (AfterPack) X.How = Arg::Inline;
    if (X.How == Arg::Pack) AfterPack = true;
    Out.push_back(X);
  }
  if (AfterPack && !Out.empty() && Out.back().How != Arg::Pack)
    for (Arg& X : Out)
      if (X.How == Arg::Pack) X.How = Arg::Inline;
  return true;
}

std::string SiteCollector::argSource(const Arg& A) const {
  if (!A.Fixed.empty()) return A.Fixed;
  return A.Prefix + Edits.render(A.Range) + A.Postfix;
}

std::string SiteCollector::emit(const CallPlan& P) const {
  std::vector<std::string> Uses, Params, Passed;
  for (size_t I = 0; I < P.Args.size(); ++I) {
    const Arg& A = P.Args[I];
    std::string N = "cassette_a" + std::to_string(I);
    switch (A.How) {
      case Arg::Forward:
        Params.push_back("auto&& " + N);
        Uses.push_back("CASSETTE_FWD(" + N + ")");
        Passed.push_back(argSource(A));
        break;
      case Arg::Pack:
        Params.push_back("auto&&... " + N);
        Uses.push_back("CASSETTE_FWD(" + N + ")...");
        Passed.push_back(argSource(A));
        break;
      case Arg::Inline: Uses.push_back(argSource(A)); break;
    }
  }
  // The twin's own parameter types, where they are tagged values.
  std::vector<std::string> TwinUses = Uses;
  if (Env.Opts.Tagging && P.Callee && !P.Callee->isDependentContext())
    for (size_t I = P.FirstParamArg; I < P.Args.size(); ++I) {
      if (P.Args[I].How == Arg::Pack) break;
      size_t J = I - P.FirstParamArg;
      if (J >= P.Callee->getNumParams() || P.Args[I].How != Arg::Forward) continue;
      QualType T = P.Callee->getParamDecl(J)->getType();
      if (T->isReferenceType() || !taggableType(T)) continue;
      TwinUses[I] = "::cassette::rt::as_value<" + Env.typeSpelling(T.getCanonicalType().getUnqualifiedType()) +
                    ">(cassette_t, " + Uses[I] + ")";
    }
  std::string Ret = P.ResultType.empty() ? "decltype(auto)" : P.ResultType;
  std::string Out = std::string("::cassette::rt::call(") + CtxVar + ", " + P.Identity + ", [&](" + join(Params) +
                    ") -> " + Ret + " { return " + P.Orig(Uses) + "; }, ";
  if (P.Twins.empty()) {
    Out += "::cassette::rt::no_twin{}";
  } else {
    // --tagging: a twin that cannot take the tagged arguments (a virtual
    // thunk, explicit template arguments) is not a twin for them: the call
    // runs the primitive with untagged arguments instead of failing to compile.
    std::string TwinRet = Ret;
    if (Env.Opts.Tagging && P.ResultType.empty() && !P.Guarded && P.ExternalKey.empty())
      TwinRet = "decltype(" + P.Twins.front()(TwinUses) + ")";
    // A guarded invoker may say `not_a_twin` (below): its type is deduced.
    if (Env.Opts.Tagging && P.Guarded) TwinRet = "decltype(auto)";
    std::string Twin = "[&](auto& cassette_t" + (Params.empty() ? "" : ", " + join(Params)) + ") -> " + TwinRet + " { ";
    if (!P.ExternalKey.empty())
      Twin += "::cassette::rt::require_registered<std::remove_reference_t<decltype(cassette_t.context())>>(); ";
    if (P.Guarded) {
      if (P.OperatorOperands) {
        // Builtin operands: the builtin operator (`n * 2` with an operator*
        // twin for a class that converts from int in scope).
        std::vector<std::string> Types;
        for (size_t I = 0; I < P.Args.size(); ++I) Types.push_back("decltype(cassette_a" + std::to_string(I) + ")");
        Twin += "if constexpr (!::cassette::rt::overloadable_operands<" + join(Types) + ">) return " + P.Orig(Uses) +
                "; else ";
      }
      for (const Builder& T : P.Twins) {
        std::string Call = T(TwinUses);
        Twin += "if constexpr (requires { " + Call + "; }) return " + Call + "; else ";
      }
      // --tagging: an instantiation without a twin (a builtin operator on
      // tagged values) is a primitive, which untags its arguments.
      if (Env.Opts.Tagging) Twin += "return ::cassette::rt::not_a_twin{}; }";
      else Twin += "return " + P.Orig(Uses) + "; }";
    } else {
      Twin += "return " + P.Twins.front()(TwinUses) + "; }";
    }
    // Defined in another file: whether it is defined under --root at all is
    // known only once every unit has been read; the run resolves this marker.
    Out += P.ExternalKey.empty() ? Twin : twinIfDefined(P.ExternalKey, Twin, "::cassette::rt::no_twin{}");
  }
  for (const std::string& S : Passed) Out += ", " + S;
  return Out + ")";
}

void SiteCollector::addSite(const Expr* Site, CallPlan Plan) {
  if (Site->isPRValue() && !destroyableByRuntime(Site->getType())) {
    skip(Site, Plan.Kind, SkipReason::ResultWithNonPublicDestructor);
    return;
  }
  WhyNot Why;
  std::optional<ByteRange> R = siteRange(Site, &Why);
  if (!R) {
    skip(Site, Plan.Kind, Why);
    return;
  }
  Env.Rep.rewritten(Plan.Kind, Env.location(Site->getBeginLoc()));
  Edits.add(*R, [this, P = std::move(Plan)] { return emit(P); });
  LastSite = Site;
}

bool SiteCollector::VisitCallExpr(CallExpr* E) {
  noteCallee(E);
  if (Handled.count(E)) return true;
  if (auto* L = dyn_cast<UserDefinedLiteral>(E)) return userDefinedLiteral(L);
  if (isa<CUDAKernelCallExpr>(E)) return true;
  if (memberOfNoOverdub(E, Env)) return true;
  if (LeaveAsWritten) {
    skip(E, "call", SkipReason::ConstantEvaluated);
    return true;
  }
  if (auto* Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getOperator() == OO_Arrow) return true;
  if (WhyNot Why; !siteRange(E, &Why)) {
    const FunctionDecl* FD = E->getDirectCallee();
    skip(E, FD ? Env.calleeName(FD) : "call", Why);
    return true;
  }
  if (auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) return operatorCall(Op);
  const Expr* Callee = E->getCallee()->IgnoreParenImpCasts();
  if (isa<MemberExpr, CXXDependentScopeMemberExpr, UnresolvedMemberExpr>(Callee)) return memberCall(E, Callee);
  if (isa<CXXPseudoDestructorExpr>(Callee)) return true;  // p->~int(): no call
  if (const auto* B = dyn_cast<BinaryOperator>(Callee); B && B->isPtrMemOp()) return memberPointerCall(E, B);
  if (isa<UnresolvedLookupExpr, DependentScopeDeclRefExpr>(Callee)) return dependentCall(E, Callee);
  if (const auto* DRE = dyn_cast<DeclRefExpr>(Callee))
    if (const auto* FD = dyn_cast<FunctionDecl>(DRE->getDecl())) return callThroughName(E, FD, DRE);
  return indirectCall(E);
}

// Whether FD, not a template, shares its name with a function template of its
// class or namespace. Their twins are all templates, so the rule that
// prefers a function that is not a template no longer tells them apart
// (spdlog's logger::log(loc, lvl, string_view_t) and its template
// log(loc, lvl, format_string_t<Args...>, Args&&...): ambiguous). The call
// of FD's twin then names its one template argument, the context, which
// binds the other twins' first template parameter instead, so they drop out.
static bool sharesNameWithTemplate(const FunctionDecl* FD) {
  if (FD->isTemplated() || FD->getPrimaryTemplate() || FD->getTemplateSpecializationInfo()) return false;
  const DeclContext* DC = FD->getDeclContext()->getRedeclContext();
  return llvm::any_of(DC->lookup(FD->getDeclName()),
                      [](const NamedDecl* D) { return isa<FunctionTemplateDecl>(D->getUnderlyingDecl()); });
}

static const char* const SlotContextArgument = "<::cassette::rt::slot_context<decltype(cassette_t)>>";

/// `"key"_a`, `12_km`, `1.5_s`, `'c'_ch`: the call of the literal operator
/// with the arguments the literal gives it (a string and its length, an
/// unsigned long long, a long double, a character), spelled from the literal
/// so that they are exactly what the operator receives. A raw or template
/// literal operator (`operator"" _x(const char*)`, `template <char...>`)
/// takes the literal's characters, which the call cannot forward: skipped.
bool SiteCollector::userDefinedLiteral(UserDefinedLiteral* E) {
  const FunctionDecl* FD = E->getDirectCallee();
  std::string Name = FD ? Env.calleeName(FD) : "user-defined literal";
  UserDefinedLiteral::LiteralOperatorKind Kind = E->getLiteralOperatorKind();
  const IdentifierInfo* Suffix = E->getUDSuffix();
  if (!FD || !Suffix || Kind == UserDefinedLiteral::LOK_Raw || Kind == UserDefinedLiteral::LOK_Template ||
      FD->getPrimaryTemplate()) {
    skip(E, Name, SkipReason::UserDefinedLiteral);
    return true;
  }
  WhyNot Why;
  std::optional<ByteRange> R = siteRange(E, &Why);
  if (!R) {
    skip(E, Name, Why);
    return true;
  }
  // One token (not "a" "b"_x, whose pieces join before the operator sees them).
  llvm::StringRef Text = Edits.text(*R);
  if (E->getBeginLoc() != E->getEndLoc() || !Text.ends_with(Suffix->getName())) {
    skip(E, Name, SkipReason::UserDefinedLiteral);
    return true;
  }
  std::string Literal = Text.drop_back(Suffix->getName().size()).str();
  CallPlan P;
  P.Kind = "user-defined literal";
  P.Identity = Env.identity(FD);
  P.Callee = FD;
  auto Add = [&P](std::string T) {
    Arg A;
    A.Fixed = std::move(T);
    P.Args.push_back(A);
  };
  switch (Kind) {
    case UserDefinedLiteral::LOK_String: {
      const auto* S = dyn_cast<StringLiteral>(E->getArg(0)->IgnoreParenImpCasts());
      if (!S) {
        skip(E, Name, SkipReason::UserDefinedLiteral);
        return true;
      }
      Add(Literal);
      Add("static_cast<decltype(sizeof 0)>(" + std::to_string(S->getLength()) + ")");
      break;
    }
    case UserDefinedLiteral::LOK_Integer: Add(Literal + "ULL"); break;
    case UserDefinedLiteral::LOK_Floating: Add(Literal + "L"); break;
    default: Add(Literal); break;  // a character
  }
  std::string Operator = "operator\"\"" + Suffix->getName().str();
  P.Orig = [Operator](const std::vector<std::string>& U) { return Operator + "(" + join(U) + ")"; };
  if (Env.reachesTwin(FD, File)) {
    // Named in its namespace: a using-declaration may have brought in the operator, not its twin.
    std::optional<std::string> Scope =
        FD->getDeclContext()->getRedeclContext()->isFileContext() ? TUEnv::namespaceQualifier(FD) : std::nullopt;
    std::string Twin = Scope.value_or("") + TUEnv::twinName(FD);
    P.Twins.push_back(
        [Twin](const std::vector<std::string>& U) { return Twin + "(" + withTwinSlot("cassette_t", U) + ")"; });
    P.ExternalKey = Env.externalTwinKey(FD, File);
  }
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::callThroughName(CallExpr* E, const FunctionDecl* FD, const Expr* Callee) {
  std::string Name = Env.calleeName(FD);
  if (FD->getBuiltinID() && FD->getName().starts_with("__")) return builtinCall(E, FD);
  if (FD->isConsteval()) {
    skip(E, Name, SkipReason::ConstevalCall);
    return true;
  }
  std::optional<ByteRange> CalleeRange = Env.fileRange(Callee->getSourceRange(), File);
  if (!CalleeRange) {
    skip(E, Name, SkipReason::CalleePartlyInMacro);
    return true;
  }
  CallPlan P;
  P.Kind = "function";
  P.Identity = Env.identity(FD);
  P.Callee = FD;
  WhyNot Why;
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    skip(E, Name, Why);
    return true;
  }
  std::string CalleeText = Edits.text(*CalleeRange).str();
  P.Orig = [CalleeText](const std::vector<std::string>& U) { return CalleeText + "(" + join(U) + ")"; };
  if (Env.reachesTwin(FD, File)) {
    const auto* DRE = cast<DeclRefExpr>(Callee);
    std::string Qualifier = DRE->getQualifierLoc() ? sourceText(DRE->getQualifierLoc().getSourceRange()) : "";
    // Found through a using-declaration (leveldb's c.cc: `using
    // leveldb::NewLRUCache;`), which brings in the function, not its twin:
    // the twin is named in the function's own namespace. (A class's `using
    // B::f;` is left to lookup in the class, which finds B's twin.)
    if (isa_and_nonnull<UsingShadowDecl>(DRE->getFoundDecl()) &&
        FD->getDeclContext()->getRedeclContext()->isFileContext()) {
      std::optional<std::string> Scope = TUEnv::namespaceQualifier(FD);
      if (!Scope) {
        skip(E, Name, SkipReason::UsingDeclaredFromUnnamedNamespace);
        return true;
      }
      Qualifier = *Scope;
    }
    std::string TemplateArgs;
    if (DRE->hasExplicitTemplateArgs())
      TemplateArgs = sourceText(SourceRange(DRE->getLAngleLoc(), DRE->getRAngleLoc()));
    else if (sharesNameWithTemplate(FD)) TemplateArgs = SlotContextArgument;
    std::string TwinCallee = Qualifier + TUEnv::twinName(FD) + TemplateArgs;
    P.Twins.push_back([TwinCallee](const std::vector<std::string>& U) {
      return TwinCallee + "(" + withTwinSlot("cassette_t", U) + ")";
    });
    P.ExternalKey = Env.externalTwinKey(FD, File);
  }
  addSite(E, std::move(P));
  return true;
}

namespace {
/// Builtins that compute a value from their arguments alone, as a function
/// would: called from an invoker they do the same (the hooks see them as
/// primitives, as Cassette sees Julia's intrinsics). Not those that take a
/// constant argument, act on the caller's frame (alloca, va_start,
/// return_address), name the place they are written (__builtin_LINE) or
/// check their operand at compile time (constant_p, object_size).
bool valueBuiltin(llvm::StringRef Name) {
  static const llvm::Regex Value(
      "^__builtin_((clz|ctz|popcount|parity|ffs|clrsb)(l|ll)?|bswap(16|32|64)|bitreverse(8|16|32|64)|"
      "rotate(left|right)(8|16|32|64)|l?l?abs|fabs[fl]?|sqrt[fl]?|copysign[fl]?|fmax[fl]?|fmin[fl]?|"
      "mem(cpy|move|set|cmp|chr)|str(len|cmp|ncmp|chr|rchr))$");
  return Value.match(Name);
}
}  // namespace

/// A call of a compiler builtin. `__builtin_expect(e, c)` (a hint) becomes
/// the call of the builtin with the hint kept around it, so the branch that
/// tests it is still weighted: `__builtin_expect(call(..., e), c)`, c as
/// written (it must be a constant).
bool SiteCollector::builtinCall(CallExpr* E, const FunctionDecl* FD) {
  std::string Name = Env.calleeName(FD);
  llvm::ArrayRef<const Expr*> Args(E->getArgs(), E->getNumArgs());
  bool Hint = FD->getName() == "__builtin_expect" || FD->getName() == "__builtin_expect_with_probability";
  if (Env.Opts.Tagging || (!Hint && !valueBuiltin(FD->getName()))) {
    plainArguments(FD, Args);
    skip(E, Name, SkipReason::CompilerBuiltin);
    return true;
  }
  CallPlan P;
  P.Kind = "builtin";
  P.Identity = Env.identity(FD);
  WhyNot Why;
  if (!classifyArgs(Args, P.Args, Why)) {
    skip(E, Name, Why);
    return true;
  }
  std::vector<std::string> Constants;
  if (Hint)
    for (size_t I = 1; I < P.Args.size(); ++I) {
      P.Args[I].How = Arg::Inline;
      P.Args[I].Fixed = Edits.text(P.Args[I].Range).str();
      Constants.push_back(P.Args[I].Fixed);
    }
  std::string Builtin = FD->getName().str();
  P.Orig = [Builtin](const std::vector<std::string>& U) { return Builtin + "(" + join(U) + ")"; };
  // The hint around the hooked call: a wrap of the site's range.
  if (Hint)
    if (std::optional<ByteRange> R = siteRange(E)) Edits.wrap(*R, Builtin + "(", ", " + join(Constants) + ")");
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::objectArgument(const Expr* BaseE, bool IsArrow, bool Implicit, Arg& Out, WhyNot& Why) {
  Out = Arg();
  if (Implicit || !BaseE) {
    Out.Fixed = "*this";
    return true;
  }
  if (const auto* This = dyn_cast<CXXThisExpr>(BaseE->IgnoreParenImpCasts()); This && This->isImplicit()) {
    Out.Fixed = "*this";
    return true;
  }
  // `sp->f()` calls sp.operator->() first; keep that call as written. An
  // operator-> returning a class (a proxy) is followed by that class's
  // operator->, one `->` in the text for the whole chain (yaml-cpp's
  // `it->as<int>()`): each is spelled as its call.
  const Expr* Obj = BaseE;
  unsigned ArrowOperators = 0;
  while (IsArrow) {
    // (IgnoreImplicit also passes the temporary of a proxy that has a destructor.)
    const auto* Arrow = dyn_cast<CXXOperatorCallExpr>(Obj->IgnoreImplicit()->IgnoreParenImpCasts());
    if (!Arrow || Arrow->getOperator() != OO_Arrow) break;
    Obj = Arrow->getArg(0);
    ++ArrowOperators;
  }
  std::optional<ByteRange> R = Env.fileRange(Obj->getSourceRange(), File);
  if (!R) {
    Why = SkipReason::ObjectPartlyInMacro;
    return false;
  }
  Out.E = Obj;
  Out.Range = *R;
  if (ArrowOperators) {
    Out.Prefix = "*(" + std::string(ArrowOperators, '(');
    for (unsigned I = 0; I < ArrowOperators; ++I) Out.Postfix += ").operator->()";
    Out.Postfix += ")";
  } else if (IsArrow) {
    Out.Prefix = "*(";
    Out.Postfix = ")";
  }
  return true;
}

bool SiteCollector::memberCall(CallExpr* E, const Expr* Callee) {
  WhyNot Why;
  CallPlan P;
  P.Kind = "member function";
  Arg Self;
  if (const auto* ME = dyn_cast<MemberExpr>(Callee)) {
    const auto* MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!MD) return indirectCall(E);  // a data member holding a callable
    if (const auto* CD = dyn_cast<CXXConversionDecl>(MD);
        CD && ME->getOperatorLoc().isInvalid() && !ME->isImplicitAccess())
      return implicitConversion(E, ME, CD);
    std::string Name = Env.calleeName(MD);
    // An explicit destructor call `p->~T()` is hooked like any member call;
    // destructors have no twins, so it runs as a primitive.
    if (!objectArgument(ME->getBase(), ME->isArrow(), ME->isImplicitAccess(), Self, Why)) {
      skip(E, Name, Why);
      return true;
    }
    SourceLocation NameBegin = ME->getQualifierLoc() ? ME->getQualifierLoc().getBeginLoc() : ME->getMemberLoc();
    std::optional<ByteRange> NameRange = Env.fileRange(SourceRange(NameBegin, ME->getEndLoc()), File);
    if (!NameRange) {
      skip(E, Name, SkipReason::MemberNamePartlyInMacro);
      return true;
    }
    std::string MemberText = Edits.text(*NameRange).str();
    // The invoker's object is dependent: `.template` before template
    // arguments, unless the copied text has it (after a qualifier: `x.Q::template f<T>`;
    // fmt's `loc.template get<std::locale>()` has it before the copied name).
    bool KeywordCopied = ME->hasTemplateKeyword() && ME->getQualifierLoc();
    std::string Dot = ME->hasExplicitTemplateArgs() && !KeywordCopied ? ".template " : ".";
    P.Identity = Env.identity(MD);
    P.Args.push_back(Self);
    if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
      skip(E, Name, Why);
      return true;
    }
    P.Orig = [MemberText, Dot](const std::vector<std::string>& U) {
      return U[0] + Dot + MemberText + "(" + join(U, 1) + ")";
    };
    bool VirtualDispatch =
        MD->isVirtual() && !ME->hasQualifier() && !MD->hasAttr<FinalAttr>() && !MD->getParent()->hasAttr<FinalAttr>();
    if (VirtualDispatch) {
      P.Kind = "virtual call";
      if (Env.hasVirtualThunk(MD) && !usesDefaultArguments(E)) {
        std::string Thunk = TUEnv::thunkName(MD);
        P.Twins.push_back([Thunk](const std::vector<std::string>& U) {
          return U[0] + "." + Thunk + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + ")";
        });
      } else if (Env.hasVirtualThunk(MD)) {
        skip(E, Name, SkipReason::VirtualCallWithDefaultArguments);
      }
    } else if (Env.reachesTwin(MD, File)) {
      std::string Qualifier = ME->getQualifierLoc() ? sourceText(ME->getQualifierLoc().getSourceRange()) : "";
      // Found through `using Base::f;` in a class with an f of its own (fmt's
      // basic_memory_buffer::append): the class's own twins hide the base's,
      // which the using-declaration does not bring in: named in its class.
      if (Qualifier.empty() && isa<UsingShadowDecl>(ME->getFoundDecl().getDecl()) &&
          !MD->getParent()->isDependentContext())
        Qualifier = Env.typeSpelling(Env.Ctx.getRecordType(MD->getParent())) + "::";
      std::string TemplateArgs;
      if (ME->hasExplicitTemplateArgs()) TemplateArgs = sourceText(SourceRange(ME->getLAngleLoc(), ME->getRAngleLoc()));
      std::string TwinDot = Dot;
      if (TemplateArgs.empty() && sharesNameWithTemplate(MD)) {
        TemplateArgs = SlotContextArgument;
        TwinDot = ".template ";
      }
      std::string TwinMember = Qualifier + TUEnv::twinName(MD) + TemplateArgs;
      P.Twins.push_back([TwinMember, TwinDot](const std::vector<std::string>& U) {
        return U[0] + TwinDot + TwinMember + "(" + withTwinSlot("cassette_t", U, 1) + ")";
      });
      P.Callee = MD;
      P.FirstParamArg = 1;
      P.ExternalKey = Env.externalTwinKey(MD, File);
    }
    addSite(E, std::move(P));
    return true;
  }

  // A member call whose object type depends on a template parameter.
  const Expr* BaseE = nullptr;
  bool IsArrow = false, Implicit = false, HasTemplateArgs = false, HasTemplateKeyword = false;
  SourceLocation NameBegin, NameLoc;
  std::string Name;
  if (const auto* D = dyn_cast<CXXDependentScopeMemberExpr>(Callee)) {
    BaseE = D->isImplicitAccess() ? nullptr : D->getBase();
    IsArrow = D->isArrow();
    Implicit = D->isImplicitAccess();
    HasTemplateArgs = D->hasExplicitTemplateArgs();
    HasTemplateKeyword = D->hasTemplateKeyword();
    NameLoc = D->getMemberLoc();
    NameBegin = D->getQualifierLoc() ? D->getQualifierLoc().getBeginLoc() : NameLoc;
    Name = D->getMember().getAsString();
  } else {
    const auto* U = cast<UnresolvedMemberExpr>(Callee);
    BaseE = U->isImplicitAccess() ? nullptr : U->getBase();
    IsArrow = U->isArrow();
    Implicit = U->isImplicitAccess();
    HasTemplateArgs = U->hasExplicitTemplateArgs();
    HasTemplateKeyword = U->hasTemplateKeyword();
    NameLoc = U->getMemberLoc();
    NameBegin = U->getQualifierLoc() ? U->getQualifierLoc().getBeginLoc() : NameLoc;
    Name = U->getMemberName().getAsString();
    if (const CXXRecordDecl* RD = U->getNamingClass()) Name = Env.calleeName(RD) + "::" + Name;
  }
  if (!objectArgument(BaseE, IsArrow, Implicit, Self, Why)) {
    skip(E, Name, Why);
    return true;
  }
  std::optional<ByteRange> NameRange = Env.fileRange(SourceRange(NameBegin, Callee->getEndLoc()), File);
  if (!NameRange) {
    skip(E, Name, SkipReason::MemberNamePartlyInMacro);
    return true;
  }
  std::string MemberText = Edits.text(*NameRange).str();
  bool KeywordCopied = HasTemplateKeyword && NameBegin != NameLoc;  // after a qualifier, in the text
  std::string Dot = HasTemplateArgs && !KeywordCopied ? ".template " : ".";
  P.Kind = "dependent member call";
  P.Identity = Env.identity(Name, NameLoc);
  P.Args.push_back(Self);
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why,
                    dyn_cast<UnresolvedMemberExpr>(Callee))) {
    skip(E, Name, Why);
    return true;
  }
  P.Orig = [MemberText, Dot](const std::vector<std::string>& U) {
    return U[0] + Dot + MemberText + "(" + join(U, 1) + ")";
  };
  // Resolved per instantiation: a virtual thunk first, then a twin.
  IdentifierInfo* II = nullptr;
  if (const auto* D = dyn_cast<CXXDependentScopeMemberExpr>(Callee)) II = D->getMember().getAsIdentifierInfo();
  else II = cast<UnresolvedMemberExpr>(Callee)->getMemberName().getAsIdentifierInfo();
  if (II && !HasTemplateArgs) {
    std::string Ident = II->getName().str();
    P.Twins.push_back([Ident](const std::vector<std::string>& U) {
      return U[0] + ".cassette_virtual_" + Ident + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + ")";
    });
    P.Twins.push_back([Ident](const std::vector<std::string>& U) {
      return U[0] + ".cassette_twin_" + Ident + "(" + withTwinSlot("cassette_t", U, 1) + ")";
    });
    P.Guarded = true;
  }
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::dependentCall(CallExpr* E, const Expr* Callee) {
  std::optional<ByteRange> CalleeRange = Env.fileRange(Callee->getSourceRange(), File);
  DeclarationName DN;
  NestedNameSpecifierLoc Q;
  bool HasTemplateArgs = false;
  SourceLocation NameLoc;
  if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    DN = U->getName();
    Q = U->getQualifierLoc();
    HasTemplateArgs = U->hasExplicitTemplateArgs();
    NameLoc = U->getNameLoc();
  } else {
    const auto* D = cast<DependentScopeDeclRefExpr>(Callee);
    DN = D->getDeclName();
    Q = D->getQualifierLoc();
    HasTemplateArgs = D->hasExplicitTemplateArgs();
    NameLoc = D->getLocation();
  }
  std::string Qualifier = Q ? sourceText(Q.getSourceRange()) : "";
  std::string Name = Qualifier + DN.getAsString();
  if (!CalleeRange) {
    skip(E, Name, SkipReason::CalleePartlyInMacro);
    return true;
  }
  CallPlan P;
  P.Kind = "dependent call";
  P.Identity = Env.identity(Name, NameLoc);
  WhyNot Why;
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why,
                    dyn_cast<UnresolvedLookupExpr>(Callee))) {
    skip(E, Name, Why);
    return true;
  }
  std::string CalleeText = Edits.text(*CalleeRange).str();
  P.Orig = [CalleeText](const std::vector<std::string>& U) { return CalleeText + "(" + join(U) + ")"; };
  // A name qualified by a namespace is looked up when the template is
  // defined: a twin name there must exist, so offer one only if a candidate
  // the lookup found has a twin (`std::swap` has none).
  bool NamespaceQualified = false, SomeCandidateTwinned = false;
  if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee); U && U->getQualifier()) {
    NestedNameSpecifier::SpecifierKind K = U->getQualifier()->getKind();
    NamespaceQualified = K == NestedNameSpecifier::Namespace || K == NestedNameSpecifier::NamespaceAlias ||
                         K == NestedNameSpecifier::Global;
    for (const NamedDecl* D : U->decls())
      if (const auto* FD = dyn_cast<FunctionDecl>(D->getUnderlyingDecl())) SomeCandidateTwinned |= Env.twinnable(FD);
      else if (const auto* FT = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl()))
        SomeCandidateTwinned |= Env.twinnable(FT->getTemplatedDecl());
  }
  IdentifierInfo* II = DN.getAsIdentifierInfo();
  if (NamespaceQualified && !SomeCandidateTwinned) II = nullptr;
  if (II) {
    std::string TemplateArgs;
    if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee); U && HasTemplateArgs)
      TemplateArgs = sourceText(SourceRange(U->getLAngleLoc(), U->getRAngleLoc()));
    else if (const auto* D = dyn_cast<DependentScopeDeclRefExpr>(Callee); D && HasTemplateArgs)
      TemplateArgs = sourceText(SourceRange(D->getLAngleLoc(), D->getRAngleLoc()));
    // `Factory::template create<Sink>(...)` (spdlog): a member of a
    // dependent class named with template arguments needs `template`.
    std::string Keyword = isa<DependentScopeDeclRefExpr>(Callee) && HasTemplateArgs ? "template " : "";
    std::string TwinCallee = Qualifier + Keyword + "cassette_twin_" + II->getName().str() + TemplateArgs;
    P.Twins.push_back([TwinCallee](const std::vector<std::string>& U) {
      return TwinCallee + "(" + withTwinSlot("cassette_t", U) + ")";
    });
    P.Guarded = true;
  }
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::indirectCall(CallExpr* E) {
  CallPlan P;
  P.Kind = "indirect call";
  Location L = Env.location(E->getBeginLoc());
  P.Identity =
      "::cassette::indirect(" + quoted(L.File) + ", " + std::to_string(L.Line) + ", " + std::to_string(L.Column) + ")";
  WhyNot Why;
  Arg Fn;
  if (!classify(E->getCallee(), Fn, Why, /*AllowInline=*/false)) {
    skip(E, "indirect call", Why);
    return true;
  }
  P.Args.push_back(Fn);
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    skip(E, "indirect call", Why);
    return true;
  }
  P.Orig = [](const std::vector<std::string>& U) { return U[0] + "(" + join(U, 1) + ")"; };
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::memberPointerCall(CallExpr* E, const BinaryOperator* B) {
  // `(o.*dm)(x)`, dm a data member holding a function pointer: an indirect call.
  if (!B->isTypeDependent() && !B->getType()->isSpecificPlaceholderType(BuiltinType::BoundMember))
    return indirectCall(E);
  const char* What = "call through a pointer to member";
  bool Arrow = B->getOpcode() == BO_PtrMemI;
  // `x->*pm` on a class type is an overloaded operator->* once instantiated.
  if (Arrow && !B->getLHS()->getType()->isPointerType()) {
    skip(E, What, SkipReason::MemberPointerOnDependentObject);
    return true;
  }
  CallPlan P;
  P.Kind = "member pointer call";
  Location L = Env.location(E->getBeginLoc());
  P.Identity = "::cassette::member_pointer(" + quoted(L.File) + ", " + std::to_string(L.Line) + ", " +
               std::to_string(L.Column) + ")";
  WhyNot Why;
  Arg Self, Pm;
  if (!objectArgument(B->getLHS(), Arrow, /*Implicit=*/false, Self, Why) || !classify(B->getRHS(), Pm, Why)) {
    skip(E, What, Why);
    return true;
  }
  // `&C::f` written as the operand is a member pointer prvalue: forwarded.
  if (Pm.How == Arg::Inline) {
    const auto* U = dyn_cast<UnaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!U || U->getOpcode() != UO_AddrOf || isa<OverloadExpr>(U->getSubExpr()->IgnoreParens())) {
      skip(E, What, SkipReason::MemberPointerNotForwardable);
      return true;
    }
    Pm.How = Arg::Forward;
  }
  P.Args.push_back(Self);
  P.Args.push_back(Pm);
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    skip(E, What, Why);
    return true;
  }
  P.Orig = [](const std::vector<std::string>& U) { return "(" + U[0] + ".*" + U[1] + ")(" + join(U, 2) + ")"; };
  addSite(E, std::move(P));
  return true;
}

bool SiteCollector::operatorCall(CXXOperatorCallExpr* E, const Expr* Site) {
  if (!Site) Site = E;
  OverloadedOperatorKind K = E->getOperator();
  if (K == OO_Arrow) return true;  // part of `->`, kept with the member access
  const FunctionDecl* FD = E->getDirectCallee();
  const char* Spelling = getOperatorSpelling(K);
  std::string Name = FD ? Env.calleeName(FD) : std::string("operator") + Spelling;
  bool Postfix = (K == OO_PlusPlus || K == OO_MinusMinus) && E->getNumArgs() == 2;
  unsigned NumArgs = Postfix ? 1 : E->getNumArgs();

  CallPlan P;
  P.Kind = "overloaded operator";
  WhyNot Why;
  if (!classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), NumArgs), P.Args, Why)) {
    skip(Site, Name, Why);
    return true;
  }
  if (P.Args.empty()) return true;
  std::string Sym = Spelling;
  P.Orig = [K, Sym, Postfix](const std::vector<std::string>& U) -> std::string {
    if (K == OO_Call) return U[0] + "(" + join(U, 1) + ")";
    if (K == OO_Subscript) return U[0] + "[" + join(U, 1) + "]";
    if (Postfix) return "(" + U[0] + ")" + Sym;
    if (U.size() == 1) return Sym + "(" + U[0] + ")";
    // `v = {x, 2}`: a braced list is only valid bare (`({...})` is a GNU
    // statement expression).
    bool Braced = llvm::StringRef(U[1]).ltrim().starts_with("{");
    return "(" + U[0] + ") " + Sym + (Braced ? " " + U[1] : " (" + U[1] + ")");
  };

  const Expr* Object = E->getArg(0)->IgnoreParenImpCasts();
  const CXXRecordDecl* ObjectClass = Object->getType()->getAsCXXRecordDecl();
  if (K == OO_Call && ObjectClass && ObjectClass->isLambda()) {
    P.Kind = "lambda call";
    Location L = Env.location(ObjectClass->getLocation());
    P.Identity =
        Env.identity("(lambda at " + L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ")",
                     ObjectClass->getLocation());
    addSite(Site, std::move(P));
    return true;
  }
  std::string Extra = Postfix ? ", 0" : "";
  if (!FD) {
    // Dependent operands: resolved per instantiation.
    P.Kind = "dependent operator";
    P.Identity = Env.identity(Name, E->getOperatorLoc());
    std::string Kind = std::string("operator_") + TUEnv::operatorKindName(K);
    P.Twins.push_back([Kind, Extra](const std::vector<std::string>& U) {
      return U[0] + ".cassette_twin_" + Kind + "(" + withTwinSlot("cassette_t", U, 1) + Extra + ")";
    });
    P.Twins.push_back([Kind, Extra](const std::vector<std::string>& U) {
      return "cassette_twin_" + Kind + "(" + withTwinSlot("cassette_t", U) + Extra + ")";
    });
    P.Guarded = true;
    P.OperatorOperands = true;
    addSite(Site, std::move(P));
    return true;
  }
  P.Identity = Env.identity(FD);
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (MD->isVirtual() && Env.hasVirtualThunk(MD) && !usesDefaultArguments(E)) {
      std::string Thunk = TUEnv::thunkName(MD);
      P.Twins.push_back([Thunk, Extra](const std::vector<std::string>& U) {
        return U[0] + "." + Thunk + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + Extra + ")";
      });
    } else if (!MD->isVirtual() && Env.reachesTwin(MD, File)) {
      std::string Twin = TUEnv::twinName(MD);
      P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
        return U[0] + "." + Twin + "(" + withTwinSlot("cassette_t", U, 1) + Extra + ")";
      });
      P.ExternalKey = Env.externalTwinKey(MD, File);
      // --tagging: overloads on arithmetic types (`t = 1ll`) resolve as for
      // plain values, the operand converted to its parameter's tagged type.
      P.Callee = MD;
      P.FirstParamArg = 1;
    }
  } else if (Env.reachesTwin(FD, File)) {
    // Hidden friends are found only by argument-dependent lookup; other
    // operators by their namespace, as the original call found them.
    std::string Prefix;
    if (FD->getFriendObjectKind() == Decl::FOK_None) {
      const DeclContext* DC = TUEnv::pattern(FD)->getDeclContext()->getRedeclContext();
      // An anonymous namespace has no name to qualify with: qualified lookup
      // in the nearest named one reaches it through its implicit using-directive,
      // unless that namespace declares such an operator itself (lookup would
      // stop there); then unqualified lookup and ADL find it, as they found
      // the operator.
      bool Anonymous = false;
      for (const auto* NS = dyn_cast<NamespaceDecl>(DC); NS && NS->isAnonymousNamespace();
           NS = dyn_cast<NamespaceDecl>(DC)) {
        Anonymous = true;
        DC = NS->getParent()->getRedeclContext();
      }
      bool Shadowed = Anonymous && !DC->lookup(FD->getDeclName()).empty();
      if (Shadowed) Prefix = "";
      else if (const auto* NS = dyn_cast<NamespaceDecl>(DC)) Prefix = "::" + NS->getQualifiedNameAsString() + "::";
      else if (DC->isTranslationUnit()) Prefix = "::";
    }
    std::string Twin = Prefix + TUEnv::twinName(FD);
    P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
      return Twin + "(" + withTwinSlot("cassette_t", U) + Extra + ")";
    });
    P.ExternalKey = Env.externalTwinKey(FD, File);
    P.Callee = FD;
  }
  addSite(Site, std::move(P));
  return true;
}

}  // namespace cassette::rewrite

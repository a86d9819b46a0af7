// The traversal of one function body: which parts are walked (written
// code only; constant-evaluated and unevaluated operands stay as written) and
// the statements whose rewrite depends on their context (`if`/`switch`
// conditions, case labels, braced lists that must not narrow, rewritten
// comparisons). The Visit* callbacks hand each construct to its family.
#include "SiteCollector.h"

#include "CallSites.h"
#include "Constructors.h"
#include "Conversions.h"
#include "IndirectCalls.h"
#include "Lambdas.h"
#include "Operators.h"
#include "Paths.h"
#include "RangeFor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cassette::rewrite {

SiteCollector::SiteCollector(TUEnv& Env, EditSet& Edits, FileID File)
    : Tagging(*this, Env, Edits, File), Env(Env), Edits(Edits), File(File) {
  Conversions = std::make_unique<ConversionSites>(*this);
  Calls = std::make_unique<CallSites>(*this, *Conversions);
  Addresses = std::make_unique<AddressSites>(*this);
  RangeFor = std::make_unique<RangeForSites>(*this);
  Operators = std::make_unique<OperatorSites>(*this);
  Constructors = std::make_unique<ConstructorSites>(*this);
  Lambdas = std::make_unique<LambdaSites>(*this);
}

SiteCollector::~SiteCollector() = default;

// The operators RD or a base declares as members (templates too).
static std::set<OverloadedOperatorKind> memberOperators(const CXXRecordDecl* RD) {
  std::set<OverloadedOperatorKind> Kinds;
  auto Collect = [&](const CXXRecordDecl* C) {
    for (const Decl* D : C->decls()) {
      const auto* M = dyn_cast<CXXMethodDecl>(D);
      if (const auto* T = dyn_cast<FunctionTemplateDecl>(D)) M = dyn_cast<CXXMethodDecl>(T->getTemplatedDecl());
      if (M && M->isOverloadedOperator()) Kinds.insert(M->getOverloadedOperator());
    }
    return true;
  };
  Collect(RD);
  if (RD->hasDefinition()) RD->forallBases(Collect);
  return Kinds;
}

std::string SiteCollector::memberOperatorShield(OverloadedOperatorKind K) const {
  if (!MemberOperators.count(K)) return "";
  return std::string("using ::cassette::rt::adl::cassette_twin_operator_") + TUEnv::operatorKindName(K) + "; ";
}

namespace {
// Whether S names a local whose type is deduced (`auto opt = app["-c"];`,
// a structured binding): from a rewritten call, that type is dependent in
// the twin.
bool namesDeducedLocal(const Stmt* S) {
  if (!S) return false;
  if (const auto* DRE = dyn_cast<DeclRefExpr>(S)) {
    if (isa<BindingDecl>(DRE->getDecl())) return true;
    const auto* VD = dyn_cast<VarDecl>(DRE->getDecl());
    const TypeSourceInfo* Written = VD ? VD->getTypeSourceInfo() : nullptr;
    return VD && VD->isLocalVarDecl() && Written && Written->getType()->getContainedDeducedType();
  }
  return llvm::any_of(S->children(), namesDeducedLocal);
}

// A twin is a template, and in it an object the original's type checking
// knew may be of a dependent type: a local declared `auto` from a rewritten
// call (CLI11's `auto opt = app["-c"]; CHECK(1 == opt->as<int>());`). A
// member template named with template arguments on such an object needs
// `template` before its name, which C++11 allows on any object. Every such
// name of the body gets it: a call rewritten around the name writes its own
// (CallSites) and drops this edit; a name left as written keeps it, in an
// unevaluated operand (Catch2's `__builtin_constant_p(1 == opt->as<int>())`)
// and in a macro argument too (the keyword changes no expansion, only the
// text a macro makes of its argument).
class MemberTemplateNames : public RecursiveASTVisitor<MemberTemplateNames> {
 public:
  MemberTemplateNames(const SourceManager& SM, EditSet& Edits, FileID File) : SM(SM), Edits(Edits), File(File) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }  // local classes keep their own text
  bool VisitMemberExpr(MemberExpr* E) {
    if (!E->hasExplicitTemplateArgs() || E->hasTemplateKeyword() || E->isImplicitAccess() ||
        E->getBase()->isTypeDependent() || !namesDeducedLocal(E->getBase()))
      return true;
    SourceLocation Name = E->getMemberLoc();
    if (Name.isMacroID() && SM.isMacroArgExpansion(Name)) Name = SM.getSpellingLoc(Name);
    if (Name.isMacroID() || SM.getFileID(Name) != File) return true;
    unsigned At = SM.getFileOffset(Name);
    if (Marked.insert(At).second) Edits.add(ByteRange{At, At}, [] { return std::string("template "); });
    return true;
  }

 private:
  const SourceManager& SM;
  EditSet& Edits;
  FileID File;
  std::set<unsigned> Marked;  // a macro argument's name, once for all its expansions
};

// `__func__`, `__FUNCTION__`, `__PRETTY_FUNCTION__` written in the body name
// the function they stand in, which in the twin is `cassette_twin_f` (a
// logger's message, an assertion's; doctest and magic_enum cut type names
// out of them): the original's name, which clang computed for the original,
// is written in their place. In a template the name is known per instance
// only: the runtime turns the twin's into the original's as it is compiled
// (rt/function_name.hpp), told the twin's name and the original's. Every use
// is found, in sizeof, decltype and template arguments too (the twin's other
// edits leave those as written), but those of local classes.
class FunctionNames : public RecursiveASTVisitor<FunctionNames> {
 public:
  FunctionNames(TUEnv& Env, EditSet& Edits, FileID File, const FunctionDecl* FD)
      : Env(Env), Edits(Edits), File(File), FD(FD) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitPredefinedExpr(PredefinedExpr* E) {
    std::optional<ByteRange> R = Env.spelledRange(E->getSourceRange(), File);
    if (!R) return true;
    const StringLiteral* Name = E->getFunctionName();
    if (Name && !E->isValueDependent()) {
      std::string Literal;
      llvm::raw_string_ostream OS(Literal);
      Name->outputString(OS);
      Edits.add(*R, [Literal] { return Literal; });
      return true;
    }
    PredefinedIdentKind K = E->getIdentKind();
    if (K != PredefinedIdentKind::Func && K != PredefinedIdentKind::Function &&
        K != PredefinedIdentKind::PrettyFunction)
      return true;  // Microsoft's kinds
    std::string Text = "::cassette::rt::original_function_name<" + Edits.text(*R).str() + ", " +
                       quoted(TUEnv::twinName(FD)) + ", " + quoted(FD->getNameAsString()) + ">::value";
    Edits.add(*R, [Text] { return Text; });
    return true;
  }

 private:
  TUEnv& Env;
  EditSet& Edits;
  FileID File;
  const FunctionDecl* FD;
};
}  // namespace

void SiteCollector::collect(const FunctionDecl* FD) {
  InTemplate = FD->isTemplated();
  SanitizersOff = FD->hasAttr<NoSanitizeAttr>() || FD->hasAttr<DisableSanitizerInstrumentationAttr>();
  MemberOperators.clear();
  // A member's class and the classes around it (rapidyaml's nested
  // `first_of_any_result` beside basic_substring's `operator!=`), and the
  // classes a friend is defined in (gsl's span_iterator `friend operator+(n,
  // rhs) { return rhs + n; }`): unqualified names there find their members.
  for (const DeclContext* Start : {FD->getDeclContext(), FD->getLexicalDeclContext()})
    for (const DeclContext* DC = Start; DC && !DC->isFileContext(); DC = DC->getParent())
      if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) MemberOperators.merge(memberOperators(RD));
  SourceLocation Start = Env.SM.getExpansionLoc(TUEnv::fileScopeStart(FD));
  Env.RewritingAt = Env.SM.getDecomposedLoc(Start);
  Tagging.declarations(FD);
  Shared.begin(FD, Edits, Env, File);
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* Init : Ctor->inits())
      if (Init->isWritten()) {
        Constructors->initializer(Init);
        TraverseStmt(Init->getInit());
      }
  TraverseStmt(FD->getBody());
  MemberTemplateNames Names(Env.SM, Edits, File);
  FunctionNames Uses(Env, Edits, File, FD);
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer* Init : Ctor->inits())
      if (Init->isWritten()) {
        Names.TraverseStmt(Init->getInit());
        Uses.TraverseStmt(Init->getInit());
      }
  Names.TraverseStmt(FD->getBody());
  Uses.TraverseStmt(FD->getBody());
  Env.RewritingAt = {};
}

// A call of a consteval function or constructor (`fmt::wformat_string<int>(L"{}")`)
// is an immediate invocation: it and its arguments are constant-evaluated.
static bool immediateInvocation(const Stmt* S) {
  if (const auto* C = dyn_cast<ConstantExpr>(S)) return C->isImmediateInvocation();
  if (const auto* CE = dyn_cast<CXXConstructExpr>(S)) return CE->getConstructor()->isConsteval();
  return false;
}

bool SiteCollector::TraverseStmt(Stmt* S, DataRecursionQueue* Queue) {
  if (!S || (!ConstantOperands.count(S) && !immediateInvocation(S))) return Base::TraverseStmt(S, Queue);
  // Walked now, not queued, so that the count covers exactly this subtree.
  ++LeaveAsWritten;
  bool R = Base::TraverseStmt(S);
  --LeaveAsWritten;
  return R;
}

// `typeid(e)` of a polymorphic glvalue evaluates e. Clang transforms such an
// operand a second time once it knows it is evaluated, which gives the
// lambdas of its rewritten calls new types ("no viable conversion from
// lambda to lambda"): the operand is evaluated in a lambda of its own that
// rt::typeid_of calls. `typeid(*p)` keeps its `*` in the runtime's typeid,
// which throws std::bad_typeid for a null p (that `*` is not hooked).
bool SiteCollector::TraverseCXXTypeidExpr(CXXTypeidExpr* E) {
  if (!E->isPotentiallyEvaluated()) return true;
  Expr* Operand = E->getExprOperand();
  const auto* Deref = dyn_cast<UnaryOperator>(Operand->IgnoreParens());
  bool Pointee = Deref && Deref->getOpcode() == UO_Deref && Deref->getSubExpr()->getType()->isPointerType();
  Expr* Evaluated = Pointee ? Deref->getSubExpr() : Operand;
  std::optional<ByteRange> Whole = Env.spelledRange(E->getSourceRange(), File);
  std::optional<ByteRange> In = Env.spelledRange(Evaluated->getSourceRange(), File);
  if (leaveAsWritten() || !Whole || !In) return Base::TraverseCXXTypeidExpr(E);
  TraverseStmt(Evaluated);
  Edits.add(*Whole, [this, Whole = *Whole, In = *In, Pointee] {
    std::string Rendered = Edits.render(In);
    if (Rendered == Edits.text(In))  // nothing rewritten in it
      return (Edits.text(ByteRange{Whole.Begin, In.Begin}) + Rendered + Edits.text(ByteRange{In.End, Whole.End})).str();
    return std::string(Pointee ? "::cassette::rt::typeid_of_pointee" : "::cassette::rt::typeid_of") +
           "([&]() -> decltype(auto) { return " + (Pointee ? Rendered : "(" + Rendered + ")") + "; })";
  });
  return true;
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
bool memberOfNoOverdub(const CallExpr* E, const TUEnv& Env) {
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
  if (NoOverdub) ++LeaveAsWritten, ++NoOverdubDepth;
  bool R = Base::TraverseParenExpr(E);
  if (NoOverdub) --LeaveAsWritten, --NoOverdubDepth;
  return R;
}

bool SiteCollector::TraverseSwitchStmt(SwitchStmt* S) {
  if (const VarDecl* VD = S->getConditionVariable()) Conversions->conditionVariable(VD, S);
  return Base::TraverseSwitchStmt(S);
}

/// `__builtin_constant_p(e)`, `__builtin_object_size(p, t)`: their
/// operands are never evaluated (side effects discarded), as sizeof's; the
/// call is a question the compiler answers, not a call the program makes.
static bool unevaluatedBuiltin(const CallExpr* E) {
  switch (E->getBuiltinCallee()) {
    case Builtin::BI__builtin_constant_p:
    case Builtin::BI__builtin_object_size:
    case Builtin::BI__builtin_dynamic_object_size: return true;
    default: return false;
  }
}

bool SiteCollector::TraverseCallExpr(CallExpr* E) {
  if (!unevaluatedBuiltin(E)) return Base::TraverseCallExpr(E);
  // --tagging: the operand is a plain number, as for any builtin.
  if (const FunctionDecl* FD = E->getDirectCallee())
    Tagging.plainArguments(FD, llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()));
  return true;
}

bool SiteCollector::TraverseIfStmt(IfStmt* S) {
  if (const VarDecl* VD = S->getConditionVariable()) Conversions->conditionVariable(VD, S);
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

bool arithmeticConstant(const Expr* E, const ASTContext& Ctx) {
  return E && !E->isValueDependent() && !E->isTypeDependent() && E->getType()->isArithmeticType() &&
         E->isCXX11ConstantExpr(Ctx);
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
    if (arithmeticConstant(Sub, Ctx)) Out.insert(Sub);
  }
}
}  // namespace

bool SiteCollector::TraverseInitListExpr(InitListExpr* S) {
  InitListExpr* Syn = S->isSemanticForm() ? S->getSyntacticForm() : S;
  if (!Syn) Syn = S;
  const InitListExpr* Sem = S->isSemanticForm() ? S : S->getSemanticForm();
  llvm::DenseSet<const Expr*> Narrowed;
  if (Sem && !Sem->isValueDependent()) constantsNarrowed(Sem, Env.Ctx, Narrowed);
  // A list whose type a template parameter decides (`T{-1}`, `T x{-1};`)
  // has no conversions yet: an instance may narrow (google benchmark's
  // `T{-1}` for int8_t), so every constant of arithmetic type stays one.
  QualType ListType = Syn->getType();
  bool TargetUnknown = ListType.isNull() || ListType->isDependentType() || ListType->isVoidType();
  if (!WalkUpFromInitListExpr(Syn)) return false;
  for (Stmt* Child : Syn->children()) {
    // A narrowing conversion is valid only from a constant: an element such
    // as `-3` stays a constant (its operators are not intercepted).
    // A list with one form (`int{n / 2}`) holds the conversion itself.
    const Expr* E = dyn_cast_or_null<Expr>(Child);
    if (const auto* IC = dyn_cast_or_null<ImplicitCastExpr>(E)) E = IC->getSubExpr();
    bool Keep = Child && (Narrowed.count(cast<Expr>(Child)) || Narrowed.count(E) ||
                          (TargetUnknown && arithmeticConstant(cast<Expr>(Child), Env.Ctx)));
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
  else if (LeaveAsWritten) skip(E, "comparison", asWrittenReason());
  else if (!R) skip(E, "comparison", Why);
  else Calls->operatorCall(Call, E);  // reports its own skip
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

// Each rewritten site puts what it encloses one bracket deeper (the
// runtime call's parentheses), and clang stops at 256 nested brackets: a
// chain of 300 `+` (generated code, a long `<<` of a table) compiled as
// written, but not rewritten. A site enclosed by more than this many written
// expressions and statements in its function stays as written; the ones
// around it are rewritten.
static constexpr unsigned MaxSiteNesting = 200;

bool SiteCollector::nestedTooDeep(const Stmt* S) {
  if (leaveAsWritten()) return false;  // reported as the region says
  unsigned Depth = 0;
  for (DynTypedNodeList Parents = Env.Ctx.getParents(*S); !Parents.empty() && Depth < MaxSiteNesting;
       Parents = Env.Ctx.getParents(Parents[0])) {
    if (Parents[0].get<FunctionDecl>()) break;
    const Stmt* P = Parents[0].get<Stmt>();
    if (P && !isa<ImplicitCastExpr, FullExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P)) ++Depth;
  }
  if (Depth < MaxSiteNesting) return false;
  std::string What = "expression";
  if (const auto* C = dyn_cast<CallExpr>(S); C && C->getDirectCallee()) What = Env.calleeName(C->getDirectCallee());
  else if (const auto* B = dyn_cast<BinaryOperator>(S)) What = B->getOpcodeStr().str();
  else if (const auto* U = dyn_cast<UnaryOperator>(S)) What = UnaryOperator::getOpcodeStr(U->getOpcode()).str();
  skip(S, What, WhyNot(SkipReason::NestedTooDeep));
  return true;
}

// The entry points of the families.

bool SiteCollector::VisitCallExpr(CallExpr* E) {
  Addresses->noteCallee(E);
  return nestedTooDeep(E) || Calls->call(E);
}
bool SiteCollector::VisitDeclRefExpr(DeclRefExpr* E) { return Addresses->functionName(E); }
bool SiteCollector::VisitBinaryOperator(BinaryOperator* E) { return nestedTooDeep(E) || Operators->binaryOperator(E); }
bool SiteCollector::VisitUnaryOperator(UnaryOperator* E) { return nestedTooDeep(E) || Operators->unaryOperator(E); }
bool SiteCollector::VisitArraySubscriptExpr(ArraySubscriptExpr* E) {
  return nestedTooDeep(E) || Operators->arraySubscript(E);
}
bool SiteCollector::VisitCXXConstructExpr(CXXConstructExpr* E) {
  return nestedTooDeep(E) || Constructors->constructExpr(E);
}
bool SiteCollector::VisitCXXFunctionalCastExpr(CXXFunctionalCastExpr* E) {
  return nestedTooDeep(E) || Constructors->functionalCast(E);
}
bool SiteCollector::VisitCXXNewExpr(CXXNewExpr* E) { return nestedTooDeep(E) || Constructors->newExpr(E); }
bool SiteCollector::VisitCXXUnresolvedConstructExpr(CXXUnresolvedConstructExpr* E) {
  return nestedTooDeep(E) || Constructors->unresolvedConstruct(E);
}
bool SiteCollector::VisitVarDecl(VarDecl* VD) { return Constructors->variable(VD); }
bool SiteCollector::TraverseCXXForRangeStmt(CXXForRangeStmt* S) { return RangeFor->rangeFor(S); }
// What runs where a lambda is written: its captures' initialisers and, when
// it is called, its body. Its parameters' defaults, its noexcept-specifier,
// its requires-clause and its template parameters are constants or are
// evaluated where it is called, where no context is in scope: as written.
bool SiteCollector::TraverseLambdaExpr(LambdaExpr* E) {
  if (!Lambdas->lambda(E)) return true;
  for (unsigned I = 0; I < E->capture_size(); ++I)
    if (const LambdaCapture* C = E->capture_begin() + I; C->isExplicit())
      if (!TraverseLambdaCapture(E, C, E->capture_init_begin()[I])) return false;
  return TraverseStmt(E->getBody());
}

}  // namespace cassette::rewrite

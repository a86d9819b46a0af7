// Finds the call sites in one function body that the twin rewrites and
// registers an edit for each. SiteCollector is the traversal
// (SiteCollector.cpp): which parts of a body are walked and which stay as
// written, and the Traverse*/Visit* entry points, each of which hands its
// node to the family of constructs that rewrites it. Each family is a class
// of its own, declared in its own header with its helpers and its state:
// CallSites (CallSites.h: named, member, overloaded-operator and indirect
// calls), AddressSites (IndirectCalls.h: function and member function
// addresses), ConversionSites (Conversions.h), RangeForSites (RangeFor.h),
// OperatorSites (Operators.h: builtin operators), ConstructorSites
// (Constructors.h: T(args), T{args}, declarations, member initialisers,
// new T(args)), LambdaSites (Lambdas.h); --tagging's points are
// tagging/Planner.h. What the families share is SiteCollector's public
// interface below: the call-site planner (classifying arguments, emitting a
// CallPlan, registering a site: CallPlan.cpp) and the state of the walk.
// A construct within a family touches only that family's files; only a new
// kind of AST node needs an entry point here.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "CallPlan.h"
#include "EditSet.h"
#include "RewriteEnv.h"
#include "SharedInvokers.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "tagging/Planner.h"

namespace cassette::rewrite {

/// A constant of arithmetic type that no template parameter decides (`-1`,
/// `2 * kShift`): what list-initialisation may narrow, and only as a constant.
bool arithmeticConstant(const clang::Expr* E, const clang::ASTContext& Ctx);

/// Whether code outside the class (the runtime's call protocol, which returns
/// results by value) may destroy an object of type T: its destructor is
/// public and not deleted.
bool destroyableByRuntime(clang::QualType T);

/// A temporary of a class that can be neither copied nor moved, written as
/// a prvalue (`Builder("x")`): only a by-value parameter needs it there.
bool nonMovableTemporary(const clang::Expr* E);

/// A member call whose object is `CASSETTE_NOOVERDUB(e)`: it stays as written.
bool memberOfNoOverdub(const clang::CallExpr* E, const TUEnv& Env);

class CallSites;
class AddressSites;
class ConversionSites;
class RangeForSites;
class OperatorSites;
class ConstructorSites;
class LambdaSites;

class SiteCollector : public clang::RecursiveASTVisitor<SiteCollector> {
  using Base = clang::RecursiveASTVisitor<SiteCollector>;

 public:
  SiteCollector(TUEnv& Env, EditSet& Edits, clang::FileID File);
  ~SiteCollector();

  /// Visit a twin's body (and a constructor's member initialisers).
  void collect(const clang::FunctionDecl* FD);

  // Written code only, never what the compiler made of it.
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  // Constant-evaluated and unevaluated operands stay exactly as written.
  bool TraverseTypeLoc(clang::TypeLoc) { return true; }
  bool TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc&) { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr*) { return true; }
  bool TraverseCXXNoexceptExpr(clang::CXXNoexceptExpr*) { return true; }
  // An attribute's arguments are constants (`alignas(sq(2))`, `vector_size(n)`).
  bool TraverseAttr(clang::Attr*) { return true; }
  // GNU's array designators (`[sq(1)] = 5`) are constants: only the value runs.
  bool TraverseDesignatedInitExpr(clang::DesignatedInitExpr* E) { return TraverseStmt(E->getInit()); }
  // `__builtin_choose_expr(c, a, b)`: c is a constant; only the chosen one runs.
  bool TraverseChooseExpr(clang::ChooseExpr* E) {
    return E->isConditionDependent() || TraverseStmt(E->getChosenSubExpr());
  }
  bool TraverseStaticAssertDecl(clang::StaticAssertDecl*) { return true; }
  bool TraverseEnumDecl(clang::EnumDecl*) { return true; }  // enumerator values
  bool TraverseRequiresExpr(clang::RequiresExpr*) { return true; }
  bool TraverseConceptSpecializationExpr(clang::ConceptSpecializationExpr*) { return true; }
  bool TraverseCXXTypeidExpr(clang::CXXTypeidExpr* E);
  // GNU `a ?: b`: its condition and first result are `a` itself (an opaque
  // value) converted; a call rewritten there (`a`'s `operator bool`) would
  // wrap `a`'s text and make it a bool. Only `a` and `b` are walked.
  bool TraverseBinaryConditionalOperator(clang::BinaryConditionalOperator* E) {
    return TraverseStmt(E->getCommon()) && TraverseStmt(E->getFalseExpr());
  }
  /// Every statement: one of ConstantOperands is walked as constant-evaluated.
  bool TraverseStmt(clang::Stmt* S, DataRecursionQueue* Queue = nullptr);
  bool TraverseCallExpr(clang::CallExpr* E);  // not into unevaluated builtins
  bool TraverseVarDecl(clang::VarDecl* VD);
  bool TraverseIfStmt(clang::IfStmt* S);
  bool TraverseSwitchStmt(clang::SwitchStmt* S);
  bool TraverseCaseStmt(clang::CaseStmt* S);
  bool TraverseInitListExpr(clang::InitListExpr* S);
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl*) { return true; }  // local classes
  // An array copied element by element (`auto [a, b] = arr;`, a lambda's
  // copy capture of an array): the subscript of each copy is implicit, no
  // site; the array's own expression is one.
  bool TraverseArrayInitLoopExpr(clang::ArrayInitLoopExpr* E) {
    return TraverseStmt(E->getCommonExpr() ? E->getCommonExpr()->getSourceExpr() : nullptr);
  }
  bool TraverseCXXRewrittenBinaryOperator(clang::CXXRewrittenBinaryOperator* E);
  bool TraverseLambdaExpr(clang::LambdaExpr* E);            // LambdaSites
  /// `[*this]`: its copy's `*this` is spelled by the `*` token alone (the
  /// operator and its operand share one range); nothing there is a call.
  bool TraverseLambdaCapture(clang::LambdaExpr* E, const clang::LambdaCapture* C, clang::Expr* Init) {
    return C->getCaptureKind() == clang::LCK_StarThis || Base::TraverseLambdaCapture(E, C, Init);
  }
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt* S);  // RangeForSites
  /// `CASSETTE_NOOVERDUB(e)` (rt/passes.hpp, in a pass's text): e stays as written.
  bool TraverseParenExpr(clang::ParenExpr* E);

  bool VisitCallExpr(clang::CallExpr* E);                                    // CallSites
  bool VisitBinaryOperator(clang::BinaryOperator* E);                        // OperatorSites
  bool VisitUnaryOperator(clang::UnaryOperator* E);                          // OperatorSites
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* E);                // OperatorSites
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* E);                    // ConstructorSites
  bool VisitCXXFunctionalCastExpr(clang::CXXFunctionalCastExpr* E);          // ConstructorSites
  bool VisitCXXNewExpr(clang::CXXNewExpr* E);                                // ConstructorSites
  bool VisitCXXUnresolvedConstructExpr(clang::CXXUnresolvedConstructExpr* E);  // ConstructorSites
  bool VisitVarDecl(clang::VarDecl* VD);                                     // ConstructorSites
  bool VisitDeclRefExpr(clang::DeclRefExpr* E);                              // AddressSites
  // --tagging: loads, conversions and plain operands (TaggingPlanner).
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr* E) { return Tagging.implicitCast(E), true; }
  bool VisitCStyleCastExpr(clang::CStyleCastExpr* E) { return Tagging.explicitCast(E), true; }
  bool VisitCXXStaticCastExpr(clang::CXXStaticCastExpr* E) { return Tagging.explicitCast(E), true; }
  bool VisitCXXReinterpretCastExpr(clang::CXXReinterpretCastExpr* E) { return Tagging.explicitCast(E), true; }
  bool VisitSwitchStmt(clang::SwitchStmt* S) { return Tagging.switchCondition(S), true; }
  bool VisitInitListExpr(clang::InitListExpr* E) { return Tagging.bracedList(E), true; }
  bool VisitMaterializeTemporaryExpr(clang::MaterializeTemporaryExpr* E) { return Tagging.temporaryObject(E), true; }

  /// --tagging, called at the points it names (tagging/Planner.h).
  TaggingPlanner Tagging;

  // --- What the families share: the call-site planner (CallPlan.cpp).
  bool classify(const clang::Expr* E, CallArg& Out, WhyNot& Why, bool AllowInline = true);
  bool boundBitFieldCopy(const clang::Expr* E, CallArg& Out) const;
  bool convertedTemporary(const clang::Expr* E, CallArg& Out) const;
  std::optional<SkipReason> unforwardable(const clang::Expr* E, ByteRange R, bool AllowInline,
                                          clang::QualType& NullTarget) const;
  /// Candidates: an unresolved callee's, whose parameters may convert an
  /// argument with a consteval constructor (then evaluated in the invoker).
  bool classifyArgs(llvm::ArrayRef<const clang::Expr*> Args, std::vector<CallArg>& Out, WhyNot& Why,
                    const clang::OverloadExpr* Candidates = nullptr);
  /// An argument a consteval constructor converts: walked as constant-evaluated
  /// (ConstantOperands); false with Why when the call must stay as written.
  bool constantOperand(const clang::Expr* E, WhyNot& Why);
  std::string argSource(const CallArg& A) const;
  /// Whether evaluating L before R (as the arguments of one call are, by
  /// clang) may differ from C++17's assignment order, R first.
  bool rightOperandFirst(const clang::Expr* L, const clang::Expr* R) const;
  /// The same for an operator of kind OO on Operands: only an assignment's.
  bool assignmentRightFirst(clang::OverloadedOperatorKind OO, llvm::ArrayRef<const clang::Expr*> Operands) const {
    return clang::CXXOperatorCallExpr::isAssignmentOp(OO) && Operands.size() == 2 &&
           rightOperandFirst(Operands[0], Operands[1]);
  }
  /// Whether a plan's first argument, which C++17 evaluates first
  /// (CallPlan::FirstSequenced), may be evaluated otherwise as one of the
  /// call's arguments, with a difference that shows.
  bool firstArgumentOrderShows(const CallPlan& P) const;
  /// Whether an operator of kind OO evaluates its left operand first.
  static bool leftOperandSequenced(clang::OverloadedOperatorKind OO);
  std::string defaultValueSpelling(const clang::CXXDefaultArgExpr* D) const;
  std::string listTemporaryType(const clang::Expr* E) const;
  std::string temporaryTypeSpelling(clang::QualType T) const;
  std::string probeSource(const CallArg& A) const;
  /// A call site's two invokers as the site passes them: Orig calls the
  /// callee as written, Twin its twin (or says there is none). A lambda of
  /// the site's own is flagged: SharedInvokers may declare it for the body.
  struct Invokers {
    std::string Orig, Twin;
    bool OrigLambda = false, TwinLambda = false;
  };
  Invokers invokers(const CallPlan& P) const;
  std::string guardedTwinCalls(const CallPlan& P, const std::vector<std::string>& Uses,
                               const std::vector<std::string>& ProbeUses,
                               const std::vector<std::string>& TwinUses) const;
  void invokerArguments(const CallPlan& P, std::vector<std::string>& Uses, std::vector<std::string>& Params,
                        std::vector<std::string>& ProbeUses) const;
  std::string emit(const CallPlan& P) const;
  void addSite(const clang::Expr* Site, CallPlan Plan);
  void skip(const clang::Stmt* S, const std::string& What, const WhyNot& Why);
  /// Whether S is nested too deep to be rewritten (reported if so).
  bool nestedTooDeep(const clang::Stmt* S);
  std::optional<ByteRange> siteRange(const clang::Stmt* S, WhyNot* Why = nullptr) const;
  /// A range inside a site (a type, the parentheses of an initialiser): editable as the site is.
  std::optional<ByteRange> editable(clang::SourceRange R) const { return Env.editableRange(R, File); }
  std::string sourceText(clang::SourceRange R) const;  // rendered, edits applied
  /// Where a statement ends, after its last token (its `;` included).
  std::optional<unsigned> statementEnd(const clang::Stmt* S);

  // --- The state of the walk the families read.
  /// Inside a region whose calls must stay as written.
  bool leaveAsWritten() const { return LeaveAsWritten != 0; }
  /// The function collected turns sanitizers off (`no_sanitize`): its
  /// operators must stay in its body, unchecked, not run by the runtime.
  bool sanitizersOff() const { return SanitizersOff; }
  /// Why a call in such a region is left as written: the compiler evaluates
  /// it (not a call the program makes at run time), or the user asked.
  SkipReason asWrittenReason() const {
    return LeaveAsWritten == NoOverdubDepth ? SkipReason::NoOverdubMarked : SkipReason::ConstantEvaluated;
  }
  TUEnv& Env;
  EditSet& Edits;
  clang::FileID File;
  /// Calls and constructions a site already took (a declaration's, a
  /// member initialiser's, a new's constructor): not sites of their own.
  llvm::DenseSet<const clang::Expr*> Handled;
  /// What begins the twin invoker of an operator of kind K whose
  /// non-member twin it probes for by an unqualified call. In a class with
  /// a member operator of that kind (CLI11's Validator::operator!), that
  /// name finds the member twin: a call through `this`, which a static
  /// member function or a lambda without `this` does not have. There, a
  /// using-declaration of the runtime's placeholder (rt/base.hpp) stops the
  /// lookup short of the class and keeps argument-dependent lookup (it
  /// misses only a non-member operator that ordinary lookup alone would find
  /// from there). Elsewhere, nothing.
  std::string memberOperatorShield(clang::OverloadedOperatorKind K) const;

 private:
  using Arg = CallArg;
  using Builder = CallBuilder;

  // The families, each declared in its own header (not included here).
  std::unique_ptr<ConversionSites> Conversions;
  std::unique_ptr<CallSites> Calls;
  std::unique_ptr<AddressSites> Addresses;
  std::unique_ptr<RangeForSites> RangeFor;
  std::unique_ptr<OperatorSites> Operators;
  std::unique_ptr<ConstructorSites> Constructors;
  std::unique_ptr<LambdaSites> Lambdas;
  SharedInvokers Shared;  // invokers declared once at the top of the body

  unsigned LeaveAsWritten = 0;  // inside a region whose calls must stay as written
  unsigned NoOverdubDepth = 0;  // how many of those regions are CASSETTE_NOOVERDUB(...)
  const clang::Expr* LastSite = nullptr;  // the last site addSite rewrote
  bool InTemplate = false;      // the function collected is a template (or in one)
  bool SanitizersOff = false;   // the function collected says no_sanitize
  /// The operators the class of the function collected (or a base)
  /// declares as members (memberOperatorShield).
  std::set<clang::OverloadedOperatorKind> MemberOperators;
  /// Arguments a consteval constructor converts (evaluated in the invoker):
  /// constant-evaluated, so nothing in them is rewritten (FMT_STRING's
  /// `[] { ... }()` called through the runtime would not be a constant).
  llvm::DenseSet<const clang::Stmt*> ConstantOperands;
};

/// What every family of constructs holds: the collector whose planner and
/// state it shares, and the unit, edits and file of the function collected.
struct SiteFamily {
  explicit SiteFamily(SiteCollector& Sites) : Sites(Sites), Env(Sites.Env), Edits(Sites.Edits), File(Sites.File) {}
  SiteCollector& Sites;
  TUEnv& Env;
  EditSet& Edits;
  clang::FileID File;
};

}  // namespace cassette::rewrite

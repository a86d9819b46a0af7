// Finds the call sites in one function body that the twin rewrites and
// registers an edit for each. The traversal is SiteCollector.cpp; what every
// family shares (classifying arguments, emitting a CallPlan, registering a
// site) is CallPlan.cpp; the visitors live in one file per family of
// constructs: CallSites.cpp (named, member, overloaded-operator and indirect
// calls), IndirectCalls.cpp (function and member function addresses),
// Conversions.cpp, RangeFor.cpp, Operators.cpp (builtin operators),
// Constructors.cpp (T(args), T{args}, declarations, member initialisers,
// new T(args)), Lambdas.cpp; --tagging's points are tagging/Planner.h.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "CallPlan.h"
#include "EditSet.h"
#include "RewriteEnv.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "tagging/Planner.h"

namespace cassette::rewrite {

/// Whether code outside the class (the runtime's call protocol, which returns
/// results by value) may destroy an object of type T: its destructor is
/// public and not deleted.
bool destroyableByRuntime(clang::QualType T);

/// A member call whose object is `CASSETTE_NOOVERDUB(e)`: it stays as written.
bool memberOfNoOverdub(const clang::CallExpr* E, const TUEnv& Env);

class SiteCollector : public clang::RecursiveASTVisitor<SiteCollector> {
  using Base = clang::RecursiveASTVisitor<SiteCollector>;

 public:
  SiteCollector(TUEnv& Env, EditSet& Edits, clang::FileID File)
      : Tagging(*this, Env, Edits, File), Env(Env), Edits(Edits), File(File) {}

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
  bool TraverseStaticAssertDecl(clang::StaticAssertDecl*) { return true; }
  bool TraverseRequiresExpr(clang::RequiresExpr*) { return true; }
  bool TraverseConceptSpecializationExpr(clang::ConceptSpecializationExpr*) { return true; }
  bool TraverseCXXTypeidExpr(clang::CXXTypeidExpr* E);
  /// Every statement: one of ConstantOperands is walked as constant-evaluated.
  bool TraverseStmt(clang::Stmt* S, DataRecursionQueue* Queue = nullptr);
  bool TraverseCallExpr(clang::CallExpr* E);  // not into unevaluated builtins
  bool TraverseVarDecl(clang::VarDecl* VD);
  bool TraverseIfStmt(clang::IfStmt* S);
  bool TraverseCaseStmt(clang::CaseStmt* S);
  bool TraverseInitListExpr(clang::InitListExpr* S);
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl*) { return true; }  // local classes
  bool TraverseCXXRewrittenBinaryOperator(clang::CXXRewrittenBinaryOperator* E);
  bool TraverseLambdaExpr(clang::LambdaExpr* E);  // Lambdas.cpp
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt* S);  // RangeFor.cpp
  /// `CASSETTE_NOOVERDUB(e)` (rt/passes.hpp, in a pass's text): e stays as written.
  bool TraverseParenExpr(clang::ParenExpr* E);

  bool VisitCallExpr(clang::CallExpr* E);                       // CallSites.cpp
  bool VisitBinaryOperator(clang::BinaryOperator* E);           // Operators.cpp
  bool VisitUnaryOperator(clang::UnaryOperator* E);             // Operators.cpp
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* E);   // Operators.cpp
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* E);       // Constructors.cpp
  bool VisitCXXFunctionalCastExpr(clang::CXXFunctionalCastExpr* E);
  bool VisitCXXNewExpr(clang::CXXNewExpr* E);
  bool VisitCXXUnresolvedConstructExpr(clang::CXXUnresolvedConstructExpr* E);
  bool VisitVarDecl(clang::VarDecl* VD);                       // Constructors.cpp
  bool VisitDeclRefExpr(clang::DeclRefExpr* E);                 // IndirectCalls.cpp
  bool TraverseSwitchStmt(clang::SwitchStmt* S);
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

 private:
  friend class ConstructorSites;
  friend class TaggingPlanner;
  using Arg = CallArg;
  using Builder = CallBuilder;

  // CallSites.cpp
  bool callThroughName(clang::CallExpr* E, const clang::FunctionDecl* FD, const clang::Expr* Callee);
  bool userDefinedLiteral(clang::UserDefinedLiteral* E);
  bool builtinCall(clang::CallExpr* E, const clang::FunctionDecl* FD);
  bool memberCall(clang::CallExpr* E, const clang::Expr* Callee);
  bool resolvedMemberCall(clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD);
  void memberTwin(CallPlan& P, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD, const std::string& Dot);
  void namedMember(CallPlan& P, const clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXMethodDecl* MD);
  bool dependentMemberCall(clang::CallExpr* E, const clang::Expr* Callee);
  /// Site: what the call replaces, E itself unless E is the call a
  /// rewritten comparison makes (`a != b` calling operator==).
  bool operatorCall(clang::CXXOperatorCallExpr* E, const clang::Expr* Site = nullptr);
  void operatorTwin(CallPlan& P, const clang::CXXOperatorCallExpr* E, const clang::FunctionDecl* FD,
                    const std::string& Extra);
  bool dependentCall(clang::CallExpr* E, const clang::Expr* Callee);
  bool indirectCall(clang::CallExpr* E);
  /// `(o.*pm)(a...)`, `(p->*pm)(a...)`.
  bool memberPointerCall(clang::CallExpr* E, const clang::BinaryOperator* B);
  /// `obj.` / `(*ptr).` for a member access, and the object as an argument.
  bool objectArgument(const clang::Expr* Base, bool IsArrow, bool Implicit, Arg& Out, WhyNot& Why);

  // Conversions.cpp
  /// A conversion function the compiler calls implicitly on ME's object.
  bool implicitConversion(clang::CallExpr* E, const clang::MemberExpr* ME, const clang::CXXConversionDecl* CD);
  /// The same for the condition variable of an if or switch (`if (T x = e)`).
  bool conditionVariableConversion(clang::CallExpr* E, const clang::VarDecl* VD, const clang::CXXConversionDecl* CD);
  std::optional<CallPlan> conversionPlan(const clang::CXXConversionDecl* CD, const std::string& Object, WhyNot& Why);
  /// The if or switch statement declaring each condition variable seen.
  llvm::DenseMap<const clang::VarDecl*, const clang::Stmt*> ConditionOwners;

  // RangeFor.cpp
  /// One call the compiler wrote for a range-for (begin, !=, ++, *), as
  /// text; Names spells its implicit variables. nullopt when it cannot be written.
  std::optional<std::string> implicitCall(const clang::Expr* E,
                                          const llvm::DenseMap<const clang::VarDecl*, std::string>& Names);
  std::optional<std::string> implicitBuiltin(const clang::Expr* E,
                                             const llvm::DenseMap<const clang::VarDecl*, std::string>& Names);
  bool implicitCallees(CallPlan& P, const clang::CallExpr* Call, const clang::FunctionDecl* FD);
  std::optional<unsigned> statementEnd(const clang::Stmt* S);

  // IndirectCalls.cpp
  /// Remember a call's callee name: it is called, not taken as an address.
  void noteCallee(const clang::CallExpr* E);
  /// `&C::f`, f a non-static member function: its twin (or thunk) registered.
  bool memberAddress(clang::DeclRefExpr* E, const clang::CXXMethodDecl* MD);

  // Operators.cpp
  bool builtinOperator(clang::Expr* E, const char* OpName, clang::OverloadedOperatorKind OO,
                       llvm::ArrayRef<const clang::Expr*> Operands, bool Postfix);
  // Constructors.cpp
  void constructorInitializer(const clang::CXXCtorInitializer* Init);
  /// The context slot of a base or delegating initialiser that runs the
  /// hooks around it (cassette::rt::base_initialiser), when its arguments are
  /// names or literals.
  std::optional<std::string> hookedBaseSlot(const clang::CXXConstructExpr* CE);
  bool constructSite(const clang::CXXConstructExpr* CE, const clang::Expr* Site, ByteRange Replace,
                     std::string TypeText, bool WrapInParens);
  // Lambdas.cpp
  bool convertedToFunctionPointer(const clang::LambdaExpr* E);
  bool mayBeConvertedToFunctionPointer(const clang::LambdaExpr* E);

  // The call-site planner (CallPlan.cpp).
  bool classify(const clang::Expr* E, Arg& Out, WhyNot& Why, bool AllowInline = true);
  /// Candidates: an unresolved callee's, whose parameters may convert an
  /// argument with a consteval constructor (then evaluated in the invoker).
  bool classifyArgs(llvm::ArrayRef<const clang::Expr*> Args, std::vector<Arg>& Out, WhyNot& Why,
                    const clang::OverloadExpr* Candidates = nullptr);
  /// An argument a consteval constructor converts: walked as constant-evaluated
  /// (ConstantOperands); false with Why when the call must stay as written.
  bool constantOperand(const clang::Expr* E, WhyNot& Why);
  std::string argSource(const Arg& A) const;
  std::string listTemporaryType(const clang::Expr* E) const;
  std::string probeSource(const Arg& A) const;
  std::string emit(const CallPlan& P) const;
  void addSite(const clang::Expr* Site, CallPlan Plan);
  void skip(const clang::Stmt* S, const std::string& What, const WhyNot& Why);
  std::optional<ByteRange> siteRange(const clang::Stmt* S, WhyNot* Why = nullptr) const;
  /// A range inside a site (a type, the parentheses of an initialiser): editable as the site is.
  std::optional<ByteRange> editable(clang::SourceRange R) const { return Env.editableRange(R, File); }
  std::string sourceText(clang::SourceRange R) const;  // rendered, edits applied

  TUEnv& Env;
  EditSet& Edits;
  clang::FileID File;
  unsigned LeaveAsWritten = 0;  // inside a region whose calls must stay as written
  unsigned NoOverdubDepth = 0;  // how many of those regions are CASSETTE_NOOVERDUB(...)
  /// Why a call in such a region is left as written: the compiler evaluates
  /// it (not a call the program makes at run time), or the user asked.
  SkipReason asWrittenReason() const {
    return LeaveAsWritten == NoOverdubDepth ? SkipReason::NoOverdubMarked : SkipReason::ConstantEvaluated;
  }
  const clang::Expr* LastSite = nullptr;  // the last site addSite rewrote
  bool InTemplate = false;      // the function collected is a template (or in one)
  llvm::DenseSet<const clang::Expr*> Handled;
  llvm::DenseSet<const clang::Expr*> CalleeNames;  // function names that are called
  /// Arguments a consteval constructor converts (evaluated in the invoker):
  /// constant-evaluated, so nothing in them is rewritten (FMT_STRING's
  /// `[] { ... }()` called through the runtime would not be a constant).
  llvm::DenseSet<const clang::Stmt*> ConstantOperands;
  /// Floating multiplications that a rewritten addition or subtraction takes
  /// as an operand in the same expression, where the original may be
  /// contracted into a fused multiply-add: emitted as
  /// `cassette::rt::call_op_product` (Operators.cpp, contractedProduct).
  llvm::DenseSet<const clang::Expr*> ContractedProducts;
  const clang::Expr* LastOperator = nullptr;  // the last builtin operator rewritten as call_op
  const clang::Expr* contractedProduct(const clang::BinaryOperator* E) const;
};

}  // namespace cassette::rewrite

// Finds the call sites in one function body that the twin rewrites and
// registers an edit for each. The visitors live in one file per family of
// constructs: CallSites.cpp (named, member, overloaded-operator and indirect
// calls), IndirectCalls.cpp (function and member function addresses), Conversions.cpp, RangeFor.cpp, Operators.cpp
// (builtin operators), Constructors.cpp (T(args), T{args}, declarations, member initialisers, new T(args)),
// Lambdas.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "EditSet.h"
#include "RewriteEnv.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

namespace cassette::rewrite {

/// Whether code outside the class (the runtime's call protocol, which returns
/// results by value) may destroy an object of type T: its destructor is
/// public and not deleted.
bool destroyableByRuntime(clang::QualType T);

class SiteCollector : public clang::RecursiveASTVisitor<SiteCollector> {
  using Base = clang::RecursiveASTVisitor<SiteCollector>;

 public:
  SiteCollector(TUEnv& Env, EditSet& Edits, clang::FileID File) : Env(Env), Edits(Edits), File(File) {}

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
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr* E);      // Tagging.cpp
  bool VisitCStyleCastExpr(clang::CStyleCastExpr* E);
  bool VisitCXXStaticCastExpr(clang::CXXStaticCastExpr* E);
  bool VisitCXXReinterpretCastExpr(clang::CXXReinterpretCastExpr* E);
  bool VisitSwitchStmt(clang::SwitchStmt* S);
  bool TraverseSwitchStmt(clang::SwitchStmt* S);
  bool VisitInitListExpr(clang::InitListExpr* E);

  /// --tagging: the twin's parameter and return types (also for a
  /// declaration without a body), and which variables are values.
  void signatureTagging(const clang::FunctionDecl* FD);
  /// A twin whose declaration is printed from the AST (a macro spells it,
  /// TwinWriter::printedTwin): the printer names these parameters, whose
  /// address escapes, `cassette_param_x` (see escapingParameter).
  bool PrintedSignature = false;
  llvm::DenseSet<const clang::ParmVarDecl*> RenamedParameters;

 private:
  friend class ConstructorSites;

  /// An evaluated argument of an intercepted call.
  struct Arg {
    const clang::Expr* E = nullptr;
    ByteRange Range;
    enum Kind { Forward, Pack, Inline } How = Forward;
    std::string Fixed;            // text used instead of the source (e.g. "*this")
    std::string Prefix, Postfix;  // around the rendered source ("*(" ptr ")")
  };

  /// How one intercepted call is emitted. Orig and Twin get the text that
  /// stands for each argument inside the invoker and return the call.
  using Builder = std::function<std::string(const std::vector<std::string>&)>;
  struct CallPlan {
    std::string Kind;  // for the report
    std::string Identity;
    std::vector<Arg> Args;
    Builder Orig;
    std::vector<Builder> Twins;  // empty: a primitive
    bool Guarded = false;        // dependent call: first twin that compiles, else Orig
    bool OperatorOperands = false;  // guarded: Orig, no twin, when no operand is of class or enum type
    std::string ExternalKey;     // the twin is defined in another file: its key
    std::string ResultType;      // invoker return type; empty: decltype(auto)
    // --tagging: the callee whose by-value arithmetic parameters the twin
    // call converts its arguments to exactly (so overloads on arithmetic
    // types resolve as for plain values); Args[FirstParamArg] is its first.
    const clang::FunctionDecl* Callee = nullptr;
    unsigned FirstParamArg = 0;
  };

  // CallSites.cpp
  bool callThroughName(clang::CallExpr* E, const clang::FunctionDecl* FD, const clang::Expr* Callee);
  bool userDefinedLiteral(clang::UserDefinedLiteral* E);
  bool builtinCall(clang::CallExpr* E, const clang::FunctionDecl* FD);
  bool memberCall(clang::CallExpr* E, const clang::Expr* Callee);
  /// Site: what the call replaces, E itself unless E is the call a
  /// rewritten comparison makes (`a != b` calling operator==).
  bool operatorCall(clang::CXXOperatorCallExpr* E, const clang::Expr* Site = nullptr);
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
  std::optional<unsigned> statementEnd(const clang::Stmt* S);
  struct LoopElement {
    std::string Before, Init, After;  // around `decl = Init;` in a desugared range-for
  };
  LoopElement elementTagging(const clang::VarDecl* LoopVar, const std::string& Star, const std::string& Element,
                             bool InMemory);

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
  // Tagging.cpp
  void planTagging(const clang::FunctionDecl* FD);
  void relocations(const clang::FunctionDecl* FD);
  /// --tagging: a guard after each memory local clears its metadata when it dies.
  void clearedAtExit(const clang::FunctionDecl* FD);
  void returnedObjects(const clang::FunctionDecl* FD);
  bool twinCallReturningObject(const clang::Expr* E, clang::QualType T);
  void initListFields(const clang::InitListExpr* IL, const std::string& Path);
  /// --tagging: `std::vector<double>{a, b}` builds through cassette::rt::build.
  void listIntoContainer(const clang::CXXConstructExpr* E);
  llvm::DenseSet<const clang::InitListExpr*> ListsInitialisingMemory;
  void escapingParameter(const clang::FunctionDecl* FD, const clang::ParmVarDecl* P);
  bool retypeVariable(const clang::VarDecl* VD, bool AsValue);
  bool promotedRef(const clang::Expr* E) const;
  bool conversion(clang::QualType To, const clang::Expr* Sub);
  bool explicitConversion(clang::ExplicitCastExpr* E);
  bool wrapTagging(const clang::Expr* E, const std::string& Prefix, const char* What, SkipReason InMacro,
                   const std::string& Suffix = ")");
  /// --tagging: E, a number where the language wants a plain one (an array
  /// size, a switch, a cast to an enum or a pointer), is untagged.
  void plainOperand(const clang::Expr* E);
  /// --tagging: a callee that runs as written (a compiler builtin, a
  /// constructor run by placement new) takes plain numbers.
  void plainArguments(const clang::FunctionDecl* Callee, llvm::ArrayRef<const clang::Expr*> Args);
  /// --tagging: a volatile number holds a plain value.
  void volatileInitialiser(const clang::VarDecl* VD);
  bool taggingAssignment(clang::BinaryOperator* E);
  static std::string valueType(const std::string& Type);
  llvm::DenseSet<const clang::VarDecl*> Promoted;  // variables that are values, not memory
  bool SignatureDone = false;

  // Lambdas.cpp
  bool convertedToFunctionPointer(const clang::LambdaExpr* E);

  // Shared machinery (CallSites.cpp).
  bool classify(const clang::Expr* E, Arg& Out, WhyNot& Why, bool AllowInline = true);
  /// Candidates: an unresolved callee's, whose parameters may convert an
  /// argument with a consteval constructor (then evaluated in the invoker).
  bool classifyArgs(llvm::ArrayRef<const clang::Expr*> Args, std::vector<Arg>& Out, WhyNot& Why,
                    const clang::OverloadExpr* Candidates = nullptr);
  std::string argSource(const Arg& A) const;
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
  const clang::Expr* LastSite = nullptr;  // the last site addSite rewrote
  bool InTemplate = false;      // the function collected is a template (or in one)
  llvm::DenseSet<const clang::Expr*> Handled;
  llvm::DenseSet<const clang::Expr*> CalleeNames;  // function names that are called
};

}  // namespace cassette::rewrite

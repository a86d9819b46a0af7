// `--tagging` inside a function body: twins that carry metadata for tagging
// contexts (docs/tagging.md).
//
// A local or by-value parameter of arithmetic type whose address never escapes
// (no `&x`, never bound to a reference, never named inside a macro) lives in
// a register-like `cassette::value_t<Ctx, T>` (a Tagged<Ctx, T> under a
// tagging context, plain T otherwise). Everything else of arithmetic type is
// memory, whose metadata is in the shadow store: loads become
// `cassette::rt::load(ctx, lvalue)`, stores `cassette::rt::assign(ctx, lvalue, value)`
// and initialisations `T x = cassette::rt::init(ctx, x, value)`. Arithmetic
// conversions become `cassette::rt::convert<T>(ctx, value)`, which keeps the
// metadata. For a context without tagging each of these is the plain
// operation, so the twin compiles to the original code.
//
// The collector (SiteCollector.h) owns one planner per function and calls it
// at the points below; without --tagging each does nothing (or gives back
// what it was given). The analyses it runs are files of their own beside
// Planner.cpp: Escapes.cpp (which locals and parameters escape),
// ScopeExits.cpp (metadata cleared when a local dies), ReturnedObjects.cpp
// (objects returned, copied and constructed).
#pragma once

#include <string>
#include <vector>

#include "CallPlan.h"
#include "EditSet.h"
#include "SkipReasons.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"

namespace cassette::rewrite {

class SiteCollector;
class TUEnv;

class TaggingPlanner {
 public:
  TaggingPlanner(SiteCollector& Sites, TUEnv& Env, EditSet& Edits, clang::FileID File);

  // --- Signature and declarations.
  /// The twin's by-value arithmetic parameters and result are tagged values
  /// (also for a declaration without a body, which must agree).
  void signature(const clang::FunctionDecl* FD);
  /// Before the body is walked: the signature, which variables are values
  /// and which memory (and their initialisers), member initialisers,
  /// objects relocated and returned, metadata cleared at scope exits.
  void declarations(const clang::FunctionDecl* FD);
  /// Before the body is collected: the twin's declaration is printed from
  /// the AST (a macro spells it, TwinWriter::printedTwin), not edited. The
  /// printer names the parameters in the set returned, filled as the body
  /// is collected (their address escapes), `cassette_param_x` (see
  /// escapingParameter).
  const llvm::DenseSet<const clang::ParmVarDecl*>& printedSignature() {
    PrintedSignature = true;
    return RenamedParameters;
  }

  // --- Loads, stores and conversions.
  /// A load (lvalue to rvalue) or an implicit arithmetic conversion.
  void implicitCast(const clang::ImplicitCastExpr* E);
  /// `(T)e`, `static_cast<T>(e)`, `reinterpret_cast<T>(e)`.
  void explicitCast(const clang::ExplicitCastExpr* E);
  /// `a = b` of builtin type.
  void store(const clang::BinaryOperator* E);
  /// A braced list: its elements' loads, and elements that go in untagged.
  void bracedList(const clang::InitListExpr* E);
  /// `std::vector<double>{a, b}` builds through cassette::rt::build.
  void listIntoContainer(const clang::CXXConstructExpr* E);
  /// A temporary aggregate whose elements carry metadata is built where its
  /// fields record it (TemporaryObjects.cpp).
  void temporaryObject(const clang::MaterializeTemporaryExpr* E);
  /// Whether a call's argument is such a temporary: made where the call is
  /// written, as temporaryObject writes it, it needs no other wrapper.
  bool buildsTemporary(const clang::Expr* E) const;
  /// A volatile number holds a plain value.
  void volatileInitialiser(const clang::VarDecl* VD);

  // --- Where the language wants a plain number.
  void switchCondition(const clang::SwitchStmt* S);
  void arraySize(const clang::CXXNewExpr* E);
  /// A callee that runs as written (a compiler builtin) takes plain numbers.
  void plainArguments(const clang::FunctionDecl* Callee, llvm::ArrayRef<const clang::Expr*> Args);
  /// The constructor a placement new runs takes plain numbers, and the new
  /// stays as written (reported under Name). Whether it did.
  bool placementNew(const clang::CXXNewExpr* E, const std::string& Name);
  /// `&f` whose twin would not go in the table of this pointer type (its
  /// signature takes tagged values): calls through the address run the
  /// original, as a direct call with tagged arguments does. Whether it did.
  bool untabledFunctionAddress(const clang::DeclRefExpr* E, const clang::FunctionDecl* FD);

  // --- Range-for.
  struct LoopElement {
    std::string Before, Init, After;  // around `decl = Init;` in a desugared range-for
  };
  /// How the loop variable takes its element `Star` (an lvalue when InMemory).
  LoopElement loopElement(const clang::VarDecl* LoopVar, const std::string& Star, const std::string& Element,
                          bool InMemory) const;

  // --- Emitting an intercepted call (SiteCollector::emit).
  /// The texts standing for the arguments in the twin's call: a by-value
  /// arithmetic parameter's is converted to exactly its type.
  std::vector<std::string> twinArguments(const CallPlan& P, const std::vector<std::string>& Uses) const;
  /// The twin invoker's return type, given the original invoker's.
  std::string twinInvokerResult(const CallPlan& P, const std::string& Ret,
                                const std::vector<std::string>& TwinUses) const;
  /// What a guarded invoker returns when no twin compiles (OrigCall: the call as written).
  std::string noTwinInstance(const std::string& OrigCall) const;

 private:
  bool active() const;
  static std::string valueType(const std::string& Type);
  bool promotedRef(const clang::Expr* E) const;
  bool retypeVariable(const clang::VarDecl* VD, bool AsValue);
  void memberInitialisers(const clang::CXXConstructorDecl* Ctor);
  void localVariables(const clang::FunctionDecl* FD, const std::vector<const clang::VarDecl*>& Candidates,
                      const llvm::DenseSet<const clang::VarDecl*>& Escaping);
  void conversion(clang::QualType To, const clang::Expr* Sub);
  void wrap(const clang::Expr* E, const std::string& Prefix, const char* What, SkipReason InMacro,
            const std::string& Suffix = ")");
  void untagged(const clang::Expr* E);
  void initListFields(const clang::InitListExpr* IL, const std::string& Path);
  // TemporaryObjects.cpp
  struct RecordedTemporary {
    const clang::Expr* Written = nullptr;  // `B{...}` or `{...}`
    const clang::InitListExpr* List = nullptr;
    std::string Type;
    ByteRange Range;
  };
  /// Written: `B{...}` or `{...}` as the temporary's initialiser or a call's argument.
  std::optional<RecordedTemporary> recordedTemporary(const clang::Expr* Written) const;
  std::optional<RecordedTemporary> recordedTemporary(const clang::MaterializeTemporaryExpr* E) const;
  /// `g(B{x, y})` / `g({x, y})` for a by-value parameter of g: built so too.
  std::optional<RecordedTemporary> argumentTemporary(const clang::Expr* E) const;
  bool temporaryArgument(const clang::InitListExpr* IL);
  void buildTemporary(const RecordedTemporary& T);
  // Escapes.cpp
  void escapingParameter(const clang::FunctionDecl* FD, const clang::ParmVarDecl* P);
  // ScopeExits.cpp
  void clearedAtExit(const clang::FunctionDecl* FD);
  // ReturnedObjects.cpp
  void relocations(const clang::FunctionDecl* FD, const llvm::DenseSet<const clang::VarDecl*>& Escaping);
  void returnedObjects(const clang::FunctionDecl* FD);
  bool twinCallReturningObject(const clang::Expr* E, clang::QualType T) const;
  std::string wrapperArguments(clang::QualType T, const clang::CXXConstructExpr* CE,
                               const llvm::DenseSet<const clang::VarDecl*>& Escaping) const;

  SiteCollector& Sites;
  TUEnv& Env;
  EditSet& Edits;
  clang::FileID File;
  llvm::DenseSet<const clang::VarDecl*> Promoted;  // variables that are values, not memory
  llvm::DenseSet<const clang::InitListExpr*> ListsInitialisingMemory;
  bool SignatureDone = false;
  bool PrintedSignature = false;  // printedSignature
  llvm::DenseSet<const clang::ParmVarDecl*> RenamedParameters;
  unsigned TemporaryCount = 0;  // names the objects temporaryObject builds
};

}  // namespace cassette::rewrite

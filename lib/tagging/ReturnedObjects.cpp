// Objects whose fields' metadata moves with them: returned by value
// (cassette::rt::returning), taken from a twin's result (adopt), trivially
// copied (copied), or built by a twin constructor (constructed).
#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "tagging/Analyses.h"
#include "tagging/Planner.h"

using namespace clang;

namespace cassette::rewrite {

using namespace tagging;

/// A class returned by value in registers, whose fields' metadata a twin
/// passes to its caller through `cassette::rt::returning` and `adopt`, or
/// receives from it for a by-value parameter (`passing`, `received`).
bool tagging::objectReturnedByValue(QualType T) {
  if (T.isNull() || T->isDependentType() || T->isReferenceType()) return false;
  const auto* RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && !RD->isUnion() && RD->isTriviallyCopyable() && !RD->isEmpty();
}

namespace {
bool holdsNumbers(QualType T, unsigned Depth = 0) {
  if (Depth > 8) return false;
  T = T.getCanonicalType();
  if (const auto* A = dyn_cast<ConstantArrayType>(T.getTypePtr())) return holdsNumbers(A->getElementType(), Depth + 1);
  if (T->isArithmeticType()) return true;
  const auto* RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition()) return false;
  for (const CXXBaseSpecifier& B : RD->bases())
    if (holdsNumbers(B.getType(), Depth + 1)) return true;
  return llvm::any_of(RD->fields(), [&](const FieldDecl* F) { return holdsNumbers(F->getType(), Depth + 1); });
}
}  // namespace

bool tagging::objectPassedWithMetadata(QualType T) { return objectReturnedByValue(T) && holdsNumbers(T); }

namespace {
/// The return statements of a function body, not those of the lambdas and
/// local classes in it.
class ReturnStatements : public RecursiveASTVisitor<ReturnStatements> {
 public:
  llvm::SmallVector<const ReturnStmt*, 4> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitReturnStmt(ReturnStmt* S) {
    Found.push_back(S);
    return true;
  }
};

/// The expression a return statement or an initialiser takes its object
/// from: under the full-expression, the trivial copy and the conversions that
/// add nothing.
const Expr* objectSource(const Expr* E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto* C = dyn_cast<ExprWithCleanups>(E)) E = C->getSubExpr();
    else if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(E)) E = M->getSubExpr();
    else if (const auto* B = dyn_cast<CXXBindTemporaryExpr>(E)) E = B->getSubExpr();
    else if (const auto* IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_NoOp) E = IC->getSubExpr();
    else if (const auto* CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() == 1 &&
                                                             CE->getConstructor()->isCopyOrMoveConstructor() &&
                                                             CE->getConstructor()->isTrivial())
      E = CE->getArg(0);
    else return E;
  }
  return E;
}

/// `x`, `a.b.c`, `p->x`: an lvalue that can be named twice without effects.
bool plainLvalue(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E)) return true;
  if (const auto* M = dyn_cast<MemberExpr>(E)) return isa<FieldDecl>(M->getMemberDecl()) && plainLvalue(M->getBase());
  return isa<CXXThisExpr>(E);
}
}  // namespace

/// For `std::pair<A, B> p{a, b};` (a tuple, an optional, a variant) built
/// from names and literals only: those arguments' text, which
/// cassette::rt::wrapped reads again after the declaration (a name or a
/// literal has no side effect) to give each element its argument's metadata.
/// Empty for anything else.
std::string TaggingPlanner::wrapperArguments(QualType T, const CXXConstructExpr* CE,
                                             const llvm::DenseSet<const VarDecl*>& Escaping) const {
  const auto* RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!RD || !RD->isInStdNamespace() || CE->getNumArgs() == 0 || CE->getConstructor()->isCopyOrMoveConstructor())
    return "";
  llvm::StringRef Kind = RD->getName();
  if (Kind != "pair" && Kind != "tuple" && Kind != "optional" && Kind != "variant") return "";
  std::string Args;
  for (const Expr* A : CE->arguments()) {
    const Expr* Bare = A->IgnoreParenImpCasts();
    if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(Bare)) Bare = M->getSubExpr()->IgnoreParenImpCasts();
    const auto* D = dyn_cast<DeclRefExpr>(Bare);
    bool Name = D && isa<VarDecl>(D->getDecl());
    if (!Name && !isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(Bare)) return "";
    std::optional<ByteRange> R = Env.spelledRange(Bare->getSourceRange(), File);
    if (!R) return "";
    std::string Text = Edits.text(*R).str();
    // A number whose address escapes lives in memory: its metadata is in
    // the store, so it is loaded (a value's travels with it).
    if (Name && Escaping.count(cast<VarDecl>(D->getDecl())) && taggableType(D->getType()))
      Text = std::string("::cassette::rt::load(") + CtxVar + ", " + Text + ")";
    Args += (Args.empty() ? "" : ", ") + Text;
  }
  return Args;
}

/// A call of a function whose twin returns an object of type T by value.
bool TaggingPlanner::twinCallReturningObject(const Expr* E, QualType T) const {
  const auto* CE = dyn_cast_or_null<CallExpr>(objectSource(E));
  if (!CE || CE->isTypeDependent() || !objectReturnedByValue(T)) return false;
  const FunctionDecl* Callee = CE->getDirectCallee();
  if (!Callee) return false;
  if (const auto* M = dyn_cast<CXXMethodDecl>(Callee); M && M->isVirtual()) return false;  // runs without metadata
  return Env.twinnable(Callee);
}

void TaggingPlanner::returnedObjects(const FunctionDecl* FD) {
  QualType T = FD->getReturnType();
  if (!objectReturnedByValue(T) || isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD)) return;
  ReturnStatements Returns;
  Returns.TraverseStmt(FD->getBody());
  for (const ReturnStmt* RS : Returns.Found) {
    const Expr* Value = RS->getRetValue();
    if (!Value || Value->isTypeDependent()) continue;
    std::optional<ByteRange> R = Env.editableRange(Value->getSourceRange(), File);
    if (!R) {
      Sites.skip(Value, "return", SkipReason::ReturnedObjectInMacro);
      continue;
    }
    const Expr* Source = objectSource(Value);
    // The callee of `return f(...);` records its own object.
    if (twinCallReturningObject(Value, T)) continue;
    // A variable the return may construct in place (NRVO): its address can
    // be the caller's object's, so it is recorded by a statement of its own
    // and `return x;` stays as written.
    if (const auto* D = dyn_cast<DeclRefExpr>(Source)) {
      const auto* VD = dyn_cast<VarDecl>(D->getDecl());
      std::optional<ByteRange> Stmt = Env.spelledRange(RS->getBeginLoc(), File);
      std::optional<unsigned> End = Sites.statementEnd(RS);
      if (VD && VD->isNRVOVariable() && Stmt && End) {
        std::string Name = VD->getNameAsString();
        Edits.add(ByteRange{Stmt->Begin, Stmt->Begin},
                  [Name] { return std::string("{ ::cassette::rt::returning(") + CtxVar + ", " + Name + "); "; });
        Edits.add(ByteRange{*End, *End}, [] { return std::string(" }"); });
        continue;
      }
    }
    if (Source->isGLValue() && Env.Ctx.hasSameUnqualifiedType(Source->getType(), T)) {
      Edits.wrap(*R, std::string("::cassette::rt::returning(") + CtxVar + ", ", ")");
      continue;
    }
    // `return T{...};` / `return {...};`: built in a named object whose
    // fields take the elements' metadata, then returned as one.
    const InitListExpr* IL = dyn_cast<InitListExpr>(Source);
    const auto* Cast = dyn_cast<CXXFunctionalCastExpr>(Source);
    if (Cast) IL = dyn_cast<InitListExpr>(Cast->getSubExpr()->IgnoreImplicit());
    const auto* RD = T->getAsCXXRecordDecl();
    std::string Type = Env.accessibleTypeSpelling(T.getUnqualifiedType());
    if (IL && RD->getNumBases() == 0 && IL->getLBraceLoc().isFileID() && !Type.empty() && (Cast || IL == Source)) {
      std::string Opening = std::string("[&] { ") + (Cast ? "" : Type + " cassette_returned_");
      Edits.wrap(*R, Opening,
                 std::string(";") + exitGuard("cassette_returned_", "cassette_returned_cleared_") +
                     " ::cassette::rt::returning(" + CtxVar + ", cassette_returned_); return cassette_returned_; }()");
      if (Cast) {  // `T{...}`: the name goes between the type and the list
        unsigned Brace = Env.SM.getDecomposedLoc(IL->getLBraceLoc()).second;
        Edits.add(ByteRange{Brace, Brace}, [] { return std::string(" cassette_returned_"); });
      }
      initListFields(IL, "cassette_returned_");
      continue;
    }
    Edits.wrap(*R, std::string("::cassette::rt::unrecorded(") + CtxVar + ", ", ")");
  }
}

void TaggingPlanner::relocations(const FunctionDecl* FD, const llvm::DenseSet<const VarDecl*>& Escaping) {
  returnedObjects(FD);
  // What the body opens with. A by-value object parameter takes the
  // metadata of the object the caller copied it from, which the twin's call
  // recorded (`passing`, twinArguments): first, before anything may call
  // another twin. A twin constructor records its object (rt::adopt).
  std::string Opening;
  for (unsigned J = 0; J < FD->getNumParams(); ++J)
    if (const ParmVarDecl* P = FD->getParamDecl(J); !P->getName().empty() && objectPassedWithMetadata(P->getType()))
      Opening += " ::cassette::rt::received<" + std::to_string(J) + ">(" + CtxVar + ", " + P->getName().str() + ");";
  if (isa<CXXConstructorDecl>(FD))
    Opening += std::string(" [[maybe_unused]] auto cassette_constructed_ = ::cassette::rt::constructed(") + CtxVar +
               ", this);";
  if (const auto* Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
      !Opening.empty() && Body && Body->getLBracLoc().isFileID()) {
    unsigned At = Env.SM.getDecomposedLoc(Body->getLBracLoc()).second + 1;
    Edits.add(ByteRange{At, At}, [Opening] { return Opening; });
  }
  BlockDeclarations Blocks;
  Blocks.TraverseStmt(FD->getBody());
  for (const DeclStmt* DS : Blocks.Found)
    for (const Decl* D : DS->decls())
      if (const auto* VD = dyn_cast<VarDecl>(D); VD && VD->getInit() && !VD->getType()->isDependentType() &&
                                                 !VD->getType()->isReferenceType() && !VD->getName().empty())
        if (const auto* IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit()))
          if (VD->getType()->isRecordType() || VD->getType()->isConstantArrayType())
            initListFields(IL, VD->getNameAsString());
  for (const DeclStmt* DS : Blocks.Found) {
    std::string After;
    for (const Decl* D : DS->decls()) {
      const auto* VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit() || VD->getType()->isDependentType() || !VD->getType()->isRecordType() ||
          VD->getType()->isReferenceType() || VD->getName().empty())
        continue;
      std::string Name = VD->getNameAsString();
      const Expr* Init = VD->getInit();
      if (const auto* IL = dyn_cast<InitListExpr>(Init); IL && IL->getNumInits() == 1) Init = IL->getInit(0);
      if (const auto* PL = dyn_cast<ParenListExpr>(Init); PL && PL->getNumExprs() == 1) Init = PL->getExpr(0);
      if (twinCallReturningObject(Init, VD->getType())) {
        After += std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Name + ");";
        continue;
      }
      const auto* CE = dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
      if (!CE) continue;
      const CXXConstructorDecl* Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial() && CE->getNumArgs() == 1 && plainLvalue(CE->getArg(0))) {
        std::optional<ByteRange> Src = Env.spelledRange(CE->getArg(0)->getSourceRange(), File);
        if (Src)
          After +=
              std::string(" ::cassette::rt::copied(") + CtxVar + ", " + Name + ", " + Edits.text(*Src).str() + ");";
      } else if (Env.twinnable(Ctor)) {
        After += std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Name + ");";
      } else if (std::string Args = wrapperArguments(VD->getType(), CE, Escaping); !Args.empty()) {
        After += std::string(" ::cassette::rt::wrapped(") + CtxVar + ", " + Name + ", " + Args + ");";
      }
    }
    if (After.empty()) continue;
    std::optional<ByteRange> R = Env.spelledRange(DS->getSourceRange(), File);
    if (!R) continue;
    Edits.add(ByteRange{R->End, R->End}, [After] { return After; });
  }
  // `x = f(...);` of a whole object: x takes the metadata f's twin recorded.
  for (const Expr* E : Blocks.Expressions) {
    const Expr* Full = E;
    if (const auto* C = dyn_cast<ExprWithCleanups>(Full)) Full = C->getSubExpr();
    const auto* Op = dyn_cast<CXXOperatorCallExpr>(Full->IgnoreParens());
    if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 || Op->isTypeDependent()) continue;
    const Expr* To = Op->getArg(0);
    if (!plainLvalue(To) || !twinCallReturningObject(Op->getArg(1), To->getType())) continue;
    std::optional<ByteRange> Target = Env.spelledRange(To->getSourceRange(), File);
    std::optional<unsigned> End = Sites.statementEnd(E);
    if (!Target || !End) continue;
    std::string After = std::string(" ::cassette::rt::adopt(") + CtxVar + ", " + Edits.text(*Target).str() + ");";
    Edits.add(ByteRange{*End, *End}, [After] { return After; });
  }
}

}  // namespace cassette::rewrite

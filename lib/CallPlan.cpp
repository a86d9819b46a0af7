// The call-site planner every family of constructs shares: how a site's
// arguments are classified (forwarded, a pack, or evaluated inside the
// invoker), how a CallPlan is emitted as one `cassette::rt::call`, and how a
// site is registered as an edit or reported as left as written.
#include "CallPlan.h"

#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
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

bool nonMovableTemporary(const Expr* E) {
  return E->isPRValue() && !E->isTypeDependent() && !isMovable(E->getType()->getAsCXXRecordDecl());
}

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
}  // namespace

namespace {
/// The operator of S if S is an operator written between or beside its
/// operands (`a << b`, `!a`, `a != b` rewritten), else an invalid location.
SourceLocation writtenOperator(const Stmt* S) {
  if (const auto* C = dyn_cast<CXXOperatorCallExpr>(S)) {
    OverloadedOperatorKind K = C->getOperator();
    if (K == OO_Call || K == OO_Subscript || K == OO_Arrow || C->getNumArgs() == 0) return {};
    return C->getOperatorLoc();
  }
  if (const auto* R = dyn_cast<CXXRewrittenBinaryOperator>(S)) return R->getOperatorLoc();
  return {};
}
}  // namespace

std::optional<ByteRange> SiteCollector::siteRange(const Stmt* S, WhyNot* Why) const {
  WhyNot Mine;
  if (std::optional<ByteRange> R = Env.editableRange(S->getSourceRange(), File, &Mine)) return R;
  // An operator whose operand at either end is a whole macro use
  // (`std::cout << __LINE__`, `NULL == p`): the operator is written in the
  // file and the use moves whole, as for a builtin operator (Operators.cpp).
  if (Mine == SkipReason::CallInMacroBody) {
    SourceLocation Operator = writtenOperator(S);
    if (Operator.isValid() && Env.editableRange(Operator, File))
      if (std::optional<ByteRange> R = Env.fileRange(S->getSourceRange(), File))
        if (!Env.macroArgumentUnsafe(File, R->Begin)) return R;
  }
  if (Why) *Why = Mine;
  return std::nullopt;
}

std::string SiteCollector::sourceText(SourceRange R) const {
  if (auto B = Env.fileRange(R, File)) return Edits.render(*B);
  return "";
}

/// Where a statement ends, after its last token (its `;` included).
std::optional<unsigned> SiteCollector::statementEnd(const Stmt* S) {
  if (const auto* C = dyn_cast<CompoundStmt>(S)) {
    if (auto R = Env.spelledRange(C->getRBracLoc(), File)) return R->End;
    return std::nullopt;
  }
  if (const auto* I = dyn_cast<IfStmt>(S)) return statementEnd(I->getElse() ? I->getElse() : I->getThen());
  if (const auto* F = dyn_cast<ForStmt>(S)) return statementEnd(F->getBody());
  if (const auto* W = dyn_cast<WhileStmt>(S)) return statementEnd(W->getBody());
  if (const auto* R = dyn_cast<CXXForRangeStmt>(S)) return statementEnd(R->getBody());
  if (const auto* Sw = dyn_cast<SwitchStmt>(S)) return statementEnd(Sw->getBody());
  if (const auto* L = dyn_cast<LabelStmt>(S)) return statementEnd(L->getSubStmt());
  if (const auto* A = dyn_cast<AttributedStmt>(S)) return statementEnd(A->getSubStmt());
  if (isa<NullStmt, DeclStmt>(S)) {
    if (auto R = Env.spelledRange(S->getEndLoc(), File)) return R->End;
    return std::nullopt;
  }
  if (isa<Expr, ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, DoStmt>(S)) {
    if (S->getEndLoc().isMacroID()) return std::nullopt;
    SourceLocation After = Lexer::findLocationAfterToken(S->getEndLoc(), tok::semi, Env.SM, Env.LO, false);
    if (After.isInvalid() || After.isMacroID() || Env.SM.getFileID(After) != File) return std::nullopt;
    return Env.SM.getDecomposedLoc(After).second;
  }
  return std::nullopt;  // try/catch, asm, coroutine statements: left as written
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

// Whether Name is a bit-field of RD or, where RD does not declare it, of its
// bases (fmt's dynamic_format_specs<Char> inherits `align` from
// basic_format_specs<Char>), through the patterns of dependent bases.
static bool namesBitField(const CXXRecordDecl* RD, DeclarationName Name, int Depth) {
  if (!RD || !RD->hasDefinition() || Depth > 16) return false;
  RD = RD->getDefinition();
  auto Found = RD->lookup(Name);
  if (!Found.empty()) {
    const auto* F = dyn_cast<FieldDecl>(Found.front());
    return F && F->isBitField();
  }
  for (const CXXBaseSpecifier& B : RD->bases())
    if (namesBitField(parameterClass(B.getType()), Name, Depth + 1)) return true;
  return false;
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
  return namesBitField(parameterClass(Base), M->getMember(), 0);
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

// What a reference binds to in E: E under the conversions binding adds
// (const, a base class) and its parentheses; null if another conversion
// comes first. IgnoreParenImpCasts would skip the temporary too.
static const Expr* boundThroughConversions(const Expr* E) {
  const Expr* X = E ? E->IgnoreParens() : nullptr;
  while (const auto* C = dyn_cast_or_null<ImplicitCastExpr>(X)) {
    CastKind K = C->getCastKind();
    if (K != CK_NoOp && K != CK_DerivedToBase && K != CK_UncheckedDerivedToBase) return nullptr;
    X = C->getSubExpr()->IgnoreParens();
  }
  return X;
}

// The type a temporary made where the call is written is spelled with there:
// empty if it cannot be (dependent, local, not accessible).
std::string SiteCollector::temporaryTypeSpelling(QualType T) const {
  if (T->isDependentType() || TUEnv::namesLocalType(T)) return "";
  std::string Spelled = Env.accessibleTypeSpelling(T);
  return Spelled.empty() ? "" : asTypeSpecifier(Spelled);
}

// The type of the temporary a braced-list argument makes for a reference
// or std::initializer_list parameter, spelled for the call site; empty where
// there is none, or it depends on a template parameter or cannot be named.
std::string SiteCollector::listTemporaryType(const Expr* E) const {
  if (E->isTypeDependent() || E->isValueDependent()) return "";
  const Expr* X = boundThroughConversions(E);
  if (const auto* M = dyn_cast_or_null<MaterializeTemporaryExpr>(X)) X = M->getSubExpr()->IgnoreParens();
  else if (!isa_and_nonnull<CXXStdInitializerListExpr>(X)) return "";
  if (const auto* B = dyn_cast<CXXBindTemporaryExpr>(X)) X = B->getSubExpr();
  if (!isa<CXXStdInitializerListExpr, InitListExpr, CXXConstructExpr>(X)) return "";
  return temporaryTypeSpelling(X->getType().getUnqualifiedType());
}

// A read of a static data member initialised in its class (double-conversion's
// `static const uint64_t kInfinity = ...;` in Double), which the original
// never odr-uses, so it may be defined nowhere: forwarded by reference it
// would be odr-used, and a context whose hooks are not inlined (GraphCtx)
// fails to link. The name, when the argument is such a read.
static const Expr* constantMemberRead(const Expr* E, ASTContext& Ctx) {
  // Under the conversions to the parameter's type (`twice(Bits::kShift)`).
  const auto* Read = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
  while (Read && Read->getCastKind() != CK_LValueToRValue)
    Read = dyn_cast<ImplicitCastExpr>(Read->getSubExpr()->IgnoreParens());
  if (!Read) return nullptr;
  const Expr* Named = Read->getSubExpr()->IgnoreParens();
  const ValueDecl* D = nullptr;
  if (const auto* DRE = dyn_cast<DeclRefExpr>(Named)) D = DRE->getDecl();
  else if (const auto* ME = dyn_cast<MemberExpr>(Named)) D = ME->getMemberDecl();
  const auto* VD = dyn_cast_or_null<VarDecl>(D);
  if (!VD || !VD->isStaticDataMember() || VD->isInline() || !VD->isUsableInConstantExpressions(Ctx)) return nullptr;
  return Named;
}

// Arguments forwarded with a cast around them: a string literal for a
// `char*` parameter (C++03's conversion), and a constant member read as a
// prvalue of its type (no odr-use, as in the original).
static bool passedWithCast(const Expr* E, TUEnv& Env, const EditSet& Edits, FileID File, CallArg& Out) {
  if (QualType T = writableStringTarget(E); !T.isNull()) {
    Out.Prefix = "const_cast<" + Env.typeSpelling(T) + ">(";
    Out.Postfix = ")";
    return true;
  }
  // Converted to a base that is not public (fmt's `class ostream : private
  // detail::buffer<char>` passing `*this`): only where the call is written
  // may the conversion be made, so it is made there.
  if (const auto* C = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
      C && C->isGLValue() && (C->getCastKind() == CK_DerivedToBase || C->getCastKind() == CK_UncheckedDerivedToBase) &&
      llvm::any_of(C->path(), [](const CXXBaseSpecifier* B) { return B->getAccessSpecifier() != AS_public; }))
    if (std::string Base = Env.accessibleTypeSpelling(C->getType()); !Base.empty()) {
      Out.Prefix = "static_cast<" + Base + (C->isLValue() ? "&" : "&&") + ">(";
      Out.Postfix = ")";
      return true;
    }
  const Expr* Named = constantMemberRead(E, Env.Ctx);
  std::optional<ByteRange> N = Named ? Env.fileRange(Named->getSourceRange(), File) : std::nullopt;
  if (!N) return false;
  Out.Prefix = "static_cast<decltype(" + Edits.text(*N).str() + ")>(";
  Out.Postfix = ")";
  return true;
}

// An array argument that decays to the parameter's pointer (`f("text")`,
// `f(buffer)`) is passed decayed, `+"text"`, as the callee receives it:
// sites that differ only in an array's length (every string literal) then
// share the protocol's instantiations (issue: the rewritten unit's compile
// time). Parenthesised unless the array is a primary or postfix expression.
static void passDecayed(const Expr* E, CallArg& Out) {
  const auto* C = dyn_cast<ImplicitCastExpr>(E);
  while (C && C->getCastKind() != CK_ArrayToPointerDecay) C = dyn_cast<ImplicitCastExpr>(C->getSubExpr());
  if (!C || C->getSubExpr()->isTypeDependent() || !Out.Prefix.empty() || !Out.Fixed.empty()) return;
  const Expr* Array = C->getSubExpr();
  bool Postfix =
      isa<ParenExpr, StringLiteral, DeclRefExpr, MemberExpr, ArraySubscriptExpr, PredefinedExpr, CallExpr>(Array);
  Out.Prefix = Postfix ? "+" : "+(";
  Out.Postfix = Postfix ? "" : ")";
}

// `&f` or `&overloaded`: the address of a function, named where it is taken.
static bool takesFunctionAddress(const Expr* Bare) {
  const auto* U = dyn_cast<UnaryOperator>(Bare);
  if (!U || U->getOpcode() != UO_AddrOf) return false;
  const Expr* Operand = U->getSubExpr()->IgnoreParens();
  const auto* DRE = dyn_cast<DeclRefExpr>(Operand);
  return isa<OverloadExpr>(Operand) || (DRE && isa<FunctionDecl>(DRE->getDecl()));
}

// A subscript's operand may be a comma expression without parentheses
// (Catch2's `std::vector<int>{1, 2, 3}[0, 1, 2]`): as an argument it would
// be three.
static bool bareComma(const Expr* E) {
  E = E->IgnoreImplicit();
  if (const auto* B = dyn_cast<BinaryOperator>(E)) return B->getOpcode() == BO_Comma;
  const auto* O = dyn_cast<CXXOperatorCallExpr>(E);
  return O && O->getOperator() == OO_Comma;
}

// A bit-field bound to a reference parameter (Catch2's `Decomposer() <= y.v`,
// whose result keeps the reference): the temporary the reference binds to
// is made where the call is written, a copy of the field's type, so that
// it lives to the end of the full expression as in the original. Evaluated
// in the invoker, it died when the invoker returned. Passed by value, a
// bit-field stays in the invoker: a narrow field promotes to int, which a
// copy of its type does not, and overloads may tell them apart.
bool SiteCollector::boundBitFieldCopy(const Expr* E, Arg& Out) const {
  const auto* M = dyn_cast<MaterializeTemporaryExpr>(E->IgnoreParens());
  const FieldDecl* F = M ? M->getSubExpr()->IgnoreParenImpCasts()->getSourceBitField() : nullptr;
  if (!F || F->getType()->isDependentType()) return false;
  Out.Prefix = "static_cast<" + Env.typeSpelling(F->getType().getUnqualifiedType()) + ">(";
  Out.Postfix = ")";
  return true;
}

// An argument converted to a temporary that a reference parameter binds to
// (`pick("a", "b")` for a `const std::string&`, `std::min<double>(n, 0.5)`):
// the temporary is made where the call is written, copy-initialized as the
// parameter would be (list_initialized's parenthesised aggregate
// initialization), so that it lives to the end of the caller's full
// expression as in the original. Forwarded, the conversion ran in the
// invoker, and a reference the callee returned to the temporary dangled when
// the caller read it. Under --tagging a number keeps its conversion in the
// invoker, where its metadata goes with it.
bool SiteCollector::convertedTemporary(const Expr* E, Arg& Out) const {
  if (E->isTypeDependent() || E->isValueDependent() || Out.Comma) return false;
  const auto* M = dyn_cast_or_null<MaterializeTemporaryExpr>(boundThroughConversions(E));
  if (!M || M->getExtendingDecl()) return false;
  QualType T = M->getType().getUnqualifiedType();
  const Expr* Written = M->IgnoreUnlessSpelledInSource();
  QualType From = Written->getType();
  if (Written->refersToBitField() || From->isDependentType() ||
      Env.Ctx.hasSameUnqualifiedType(T, From.getNonReferenceType()))
    return false;
  if (T->isArrayType() || Env.Tagging.carriesMetadata(T) || Env.Tagging.carriesMetadata(From)) return false;
  std::string Spelled = temporaryTypeSpelling(T);
  if (Spelled.empty()) return false;
  Out.Prefix = "::cassette::rt::list_initialized<" + Spelled + ">(";
  Out.Postfix = ").value";
  Out.ConvertedTemporary = true;
  return true;
}

// A member of a packed class (`struct __attribute__((packed)) H { char t;
// unsigned len; }`), or one inside such a member, whose type needs more than
// byte alignment: a reference to it, as forwarding makes, may be misaligned.
static bool packedMember(const Expr* E, const ASTContext& Ctx) {
  const auto* M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!M || M->getType()->isDependentType() || Ctx.getTypeAlignInChars(M->getType()) <= CharUnits::One()) return false;
  uint64_t Needed = Ctx.getTypeAlign(M->getType());
  for (; M; M = M->isArrow() ? nullptr : dyn_cast<MemberExpr>(M->getBase()->IgnoreParenImpCasts())) {
    const auto* F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F || F->isBitField()) continue;
    const RecordDecl* R = F->getParent();
    // `__attribute__((packed))`, or `#pragma pack(1)` (a cap on its members' alignment).
    const auto* Cap = R->getAttr<MaxFieldAlignmentAttr>();
    if (F->hasAttr<PackedAttr>() || R->hasAttr<PackedAttr>() || (Cap && Cap->getAlignment() < Needed)) return true;
  }
  return false;
}

// Why an operand cannot be forwarded as it is, if it cannot (NullTarget: the
// pointer type a null pointer constant converts to).
std::optional<SkipReason> SiteCollector::unforwardable(const Expr* E, ByteRange R, bool AllowInline,
                                                       QualType& NullTarget) const {
  const Expr* Bare = E->IgnoreParenImpCasts();
  std::optional<SkipReason> Reason;
  if (Edits.text(R).ltrim().starts_with("{")) Reason = SkipReason::BracedInitListOperand;
  else if (E->IgnoreUnlessSpelledInSource()->refersToBitField() || dependentBitField(Bare))
    Reason = SkipReason::BitFieldOperand;
  else if (E->IgnoreUnlessSpelledInSource()->refersToVectorElement()) Reason = SkipReason::VectorElementOperand;
  else if (Bare->getType()->isVariablyModifiedType()) Reason = SkipReason::VariablyModifiedOperand;
  else if (packedMember(E, Env.Ctx)) Reason = SkipReason::PackedMemberOperand;
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
  else if (takesFunctionAddress(Bare)) Reason = SkipReason::FunctionAddressOperand;
  else if (nonMovableTemporary(E)) Reason = SkipReason::NonMovableTemporaryOperand;
  else if (convertedImmediately(E)) Reason = SkipReason::ImmediatelyConvertedOperand;
  return Reason;
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
  Out.Comma = bareComma(E);
  if (isa<PackExpansionExpr>(E)) {
    Out.How = Arg::Pack;
    return true;
  }
  if (passedWithCast(E, Env, Edits, File, Out)) return true;
  // What cannot travel through a forwarding reference is evaluated inside
  // the invoker instead, exactly as written.
  const Expr* Bare = E->IgnoreParenImpCasts();
  // `NULL` (`__null`) beside an operand of a dependent type (re2's `data() !=
  // NULL`): no conversion says what it becomes; forwarded it arrives as a long.
  if (!AllowInline && InTemplate && isa<GNUNullExpr>(Bare) && E == Bare) return Out.Fixed = "nullptr", true;
  QualType NullTarget;
  std::optional<SkipReason> Reason = unforwardable(E, *R, AllowInline, NullTarget);
  // Its value, a copy, is passed instead (as the operator or callee reads it).
  if (Reason == SkipReason::PackedMemberOperand && E->isPRValue()) {
    Out.Prefix = "static_cast<" + Env.typeSpelling(E->getType().getUnqualifiedType()) + ">(";
    Out.Postfix = ")";
    return true;
  }
  if (Reason && !AllowInline && !E->isTypeDependent()) {
    // An operand of a builtin operator cannot be inlined, but a value can be
    // passed as a prvalue of the type the operator sees.
    if (!NullTarget.isNull()) {
      Out.Fixed = "static_cast<" + Env.typeSpelling(NullTarget) + ">(nullptr)";
      return true;
    }
    // A bit-field's or a vector element's value; a variable-length array
    // decayed to a pointer of a type a template takes.
    if (E->isPRValue() && !E->getType()->isVariablyModifiedType() &&
        (*Reason == SkipReason::BitFieldOperand || *Reason == SkipReason::VectorElementOperand ||
         *Reason == SkipReason::VariablyModifiedOperand)) {
      Out.Prefix = "static_cast<" + Env.typeSpelling(E->getType()) + ">(";
      Out.Postfix = ")";
      return true;
    }
  }
  if (Reason == SkipReason::BitFieldOperand && AllowInline && boundBitFieldCopy(E, Out)) return true;
  if (AllowInline &&
      (!Reason || *Reason == SkipReason::NullPointerConstantOperand || *Reason == SkipReason::FunctionNameOperand ||
       *Reason == SkipReason::FunctionAddressOperand) &&
      convertedTemporary(E, Out))
    return true;

  if (Reason == SkipReason::BracedInitListOperand && AllowInline) {
    // A braced list that makes a temporary for a reference or an
    // initializer_list parameter (fmt::join({1, 2, 3}, ", ") keeps pointers
    // into its array): evaluated in the invoker, the temporary would die
    // when the invoker returns, before the caller reads the result. Made
    // where the call is written, by copy-list-initialization as there, it
    // lives to the end of the full-expression, as in the original (or by
    // --tagging's temporaryObject, which makes it there too).
    if (Tagging.buildsTemporary(E)) return true;
    if (std::string T = listTemporaryType(E); !T.empty()) {
      Out.Prefix = "::cassette::rt::list_initialized<" + T + ">{";
      Out.Postfix = "}.value";
      Out.ListTemporary = true;
      return true;
    }
  }
  if (Reason) {
    if (!AllowInline) {
      Why = *Reason;
      return false;
    }
    if (*Reason == SkipReason::ImmediatelyConvertedOperand && !constantOperand(E, Why)) return false;
    Out.How = Arg::Inline;
  }
  if (AllowInline) passDecayed(E, Out);
  return true;
}

namespace {
bool containsLambda(const Stmt* S) {
  if (!S) return false;
  if (isa<LambdaExpr>(S)) return true;
  return llvm::any_of(S->children(), [](const Stmt* C) { return containsLambda(C); });
}
}  // namespace

bool SiteCollector::constantOperand(const Expr* E, WhyNot& Why) {
  // Constant-evaluated wherever the call is written, in the invoker or not.
  ConstantOperands.insert(E);
  // Clang 19 crashes instantiating a lambda with a local class (fmt's
  // FMT_STRING) inside the invoker of a call in a template.
  if (!containsLambda(E)) return true;
  Why = SkipReason::ConstantOperandWithLambda;
  return false;
}

namespace {
// Whether an object of type From, with what its pointers lead to, may hold
// an object of type Target: a fluent setter's `Token&` cannot point into a
// default `std::string()` (its fields reach only chars), a `const char*`
// can. Unsure answers are yes: something opaque (void*, a polymorphic
// pointee, an incomplete class), bytes that may alias anything, or a type
// too big to walk.
class MayHold {
 public:
  MayHold(ASTContext& Ctx, QualType Target) : Ctx(Ctx), Target(Ctx.getCanonicalType(Target).getUnqualifiedType()) {}

  bool operator()(QualType From) {
    if (Target->isVoidType() || Target->isCharType() || Target->isStdByteType() || Target->isPointerType() ||
        Target->isDependentType())
      return true;
    return reaches(From);
  }

 private:
  bool reaches(QualType T) {
    T = Ctx.getCanonicalType(T).getUnqualifiedType();
    if (T == Target) return true;
    if (T->isArithmeticType() || T->isEnumeralType() || T->isNullPtrType() || T->isMemberPointerType() ||
        T->isFunctionPointerType())
      return false;
    if (const auto* A = Ctx.getAsArrayType(T)) return rawStorage(A->getElementType()) || reaches(A->getElementType());
    if (T->isPointerType() || T->isReferenceType()) {
      QualType P = T->getPointeeType();
      const CXXRecordDecl* RD = P->getAsCXXRecordDecl();
      if (P->isVoidType() || rawStorage(P) ||
          (RD && RD->hasDefinition() && RD->isPolymorphic() && !RD->hasAttr<FinalAttr>()))
        return true;
      return reaches(P);
    }
    const CXXRecordDecl* RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || T->isDependentType()) return true;
    if (!Seen.insert(T.getTypePtr()).second) return false;  // being walked already
    if (Seen.size() > 256) return true;
    RD = RD->getDefinition();
    for (const CXXBaseSpecifier& B : RD->bases())
      if (reaches(B.getType())) return true;
    for (const CXXBaseSpecifier& B : RD->vbases())
      if (reaches(B.getType())) return true;
    return llvm::any_of(RD->fields(), [&](const FieldDecl* F) {
      return (F->hasAttr<AlignedAttr>() && Ctx.getAsArrayType(F->getType())) || reaches(F->getType());
    });
  }

  // Bytes an object may be built in (`alignas(T) unsigned char buf[N]`, an
  // arena's std::byte*), unlike a string's characters.
  static bool rawStorage(QualType E) {
    E = E.getCanonicalType().getUnqualifiedType();
    return E->isSpecificBuiltinType(BuiltinType::UChar) || E->isStdByteType();
  }

  ASTContext& Ctx;
  QualType Target;
  llvm::SmallPtrSet<const Type*, 32> Seen;
};
}  // namespace

// A default argument that makes a temporary for a reference parameter
// (`const std::string& get(const std::string& k, const std::string& dflt =
// std::string())`) is evaluated in the invoker, where the temporary dies
// when the invoker returns: a reference or pointer the callee returns to it
// would dangle when the caller reads it. In the original it lives to the end
// of the caller's full expression; such a call stays as written, unless the
// temporary cannot hold what the result points to (a fluent setter's
// `return *this` beside a default `std::string()`).
static bool defaultTemporaryReturned(const CXXDefaultArgExpr* D, ASTContext& Ctx) {
  const ParmVarDecl* P = D->getParam();
  const auto* FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD || !P->getType()->isReferenceType()) return false;
  QualType R = FD->getReturnType();
  if (!R->isReferenceType() && !R->isPointerType()) return false;
  const Expr* E = D->getExpr();
  if (const auto* F = dyn_cast_or_null<FullExpr>(E)) E = F->getSubExpr();
  const auto* M = dyn_cast_or_null<MaterializeTemporaryExpr>(boundThroughConversions(E));
  return M && MayHold(Ctx, R->getPointeeType())(M->getType());
}

// The value of a scalar default argument, spelled for the call site:
// `nullptr`, `true`, `static_cast<long>(3)`, a floating value in hex (exact).
// Empty where it is no constant or its type cannot be spelled there.
std::string SiteCollector::defaultValueSpelling(const CXXDefaultArgExpr* D) const {
  const Expr* E = D->getExpr();
  QualType T = D->getParam()->getType();
  if (!E || E->isValueDependent() || T->isDependentType() || T->isReferenceType()) return "";
  // `unsigned line = __builtin_LINE()` is the caller's line, known only there.
  if (namesItsPlace(E)) return "";
  if ((T->isPointerType() || T->isMemberPointerType() || T->isNullPtrType()) &&
      E->isNullPointerConstant(Env.Ctx, Expr::NPC_NeverValueDependent))
    return "nullptr";
  std::string Type = (T->isIntegralOrEnumerationType() || T->isRealFloatingType())
                         ? Env.accessibleTypeSpelling(T.getUnqualifiedType())
                         : "";
  if (Type.empty()) return "";
  Expr::EvalResult R;
  if (T->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Env.Ctx)) {
    llvm::APSInt V = R.Val.getInt();
    if (T->isBooleanType()) return V.getBoolValue() ? "true" : "false";
    return "static_cast<" + Type + ">(" + integerLiteral(V) + ")";
  }
  llvm::APFloat F(0.0);
  if (T->isRealFloatingType() && E->EvaluateAsFloat(F, Env.Ctx) && F.isFinite()) {
    const llvm::fltSemantics& Sem = F.getSemantics();
    const char* Suffix = &Sem == &llvm::APFloat::IEEEdouble()          ? ""
                         : &Sem == &llvm::APFloat::IEEEsingle()        ? "f"
                         : &Sem == &llvm::APFloat::x87DoubleExtended() ? "L"
                                                                       : nullptr;
    if (!Suffix) return "";
    char Hex[64];
    F.convertToHexString(Hex, 0, false, llvm::APFloat::rmNearestTiesToEven);
    return "static_cast<" + Type + ">(" + Hex + Suffix + ")";
  }
  return "";
}

bool SiteCollector::classifyArgs(llvm::ArrayRef<const Expr*> Args, std::vector<Arg>& Out, WhyNot& Why,
                                 const OverloadExpr* Candidates) {
  bool AfterPack = false;
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr* A = Args[I];
    if (const auto* Default = dyn_cast<CXXDefaultArgExpr>(A)) {  // defaults are the callee's business
      for (const Expr* Rest : Args.drop_front(I))
        if (const auto* RD = dyn_cast<CXXDefaultArgExpr>(Rest); RD && defaultTemporaryReturned(RD, Env.Ctx)) {
          Why = SkipReason::DefaultArgumentTemporaryReturned;
          return false;
        }
      // ... but one that a later declaration added, the twin has not: the
      // call passes it (they come before the first declaration's own).
      if (!TUEnv::defaultArgumentAddedLater(Default->getParam())) break;
      Arg X;
      X.E = A;
      X.How = Arg::Inline;
      X.Fixed = defaultValueSpelling(Default);
      if (X.Fixed.empty()) {
        Why = SkipReason::DefaultArgumentAddedLater;
        return false;
      }
      Out.push_back(X);
      continue;
    }
    Arg X;
    if (!classify(A, X, Why)) return false;
    if (Candidates && X.How == Arg::Forward && immediateParameter(Candidates, I)) {
      if (!constantOperand(A, Why)) return false;
      X.How = Arg::Inline;
    }
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

namespace {
// An lvalue that nothing evaluated beside it can change: a variable, or a
// member of one or of `this` reached without a pointer.
bool fixedLvalue(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E)) return true;
  if (const auto* M = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) || (!M->isArrow() && fixedLvalue(M->getBase()));
  return false;
}
}  // namespace

bool SiteCollector::rightOperandFirst(const Expr* L, const Expr* R) const {
  // In a template, a call's side effects are not known: it has some.
  auto Constant = [&](const Expr* E) { return !E->isValueDependent() && E->isEvaluatable(Env.Ctx); };
  return (L->HasSideEffects(Env.Ctx) && !Constant(R)) || (R->HasSideEffects(Env.Ctx) && !fixedLvalue(L));
}

bool SiteCollector::firstArgumentOrderShows(const CallPlan& P) const {
  if (!P.FirstSequenced || P.Args.size() < 2 || !P.Args[0].E || P.Args[0].How == Arg::Inline) return false;
  return llvm::any_of(llvm::ArrayRef<Arg>(P.Args).drop_front(),
                      [&](const Arg& A) { return A.E && A.How != Arg::Inline && rightOperandFirst(P.Args[0].E, A.E); });
}

bool SiteCollector::leftOperandSequenced(OverloadedOperatorKind OO) {
  switch (OO) {
    case OO_LessLess:
    case OO_GreaterGreater:
    case OO_Subscript:
    case OO_ArrowStar:
    case OO_Comma:
    case OO_AmpAmp:
    case OO_PipePipe:
    case OO_Call: return true;
    default: return false;
  }
}

std::string SiteCollector::argSource(const Arg& A) const {
  if (!A.Fixed.empty()) return A.Fixed;
  std::string Text = A.Prefix + Edits.render(A.Range) + A.Postfix;
  return A.Comma ? "(" + Text + ")" : Text;
}

// An argument as a twin's probe (`requires { ... }`) names it: an inline one
// as written, without the sites rewritten inside it. The invokers' lambdas
// it would hold in a requires-expression (`f(out, {b.data(), b.size()})` in
// a member template, fmt's write_bytes) fail to instantiate in clang 19;
// their results have the types of the calls as written.
std::string SiteCollector::probeSource(const Arg& A) const {
  if (!A.Fixed.empty()) return A.Fixed;
  std::string Text = A.Prefix + Edits.text(A.Range).str() + A.Postfix;
  return A.Comma ? "(" + Text + ")" : Text;
}

/// The twin caller a member function named by its class passes: defined in
/// another file, it exists for registered contexts only, if at all.
static std::string classTwinCaller(const CallPlan& P) {
  std::string Caller = P.CallersClass + "::cassette_twincalls_" + P.CallersName;
  if (P.ExternalKey.empty()) return Caller + "{}";
  return twinIfDefined(P.ExternalKey, "::cassette::rt::registered_twin<" + Caller + ">{}", "::cassette::rt::no_twin{}");
}

// The invokers' parameters for P's arguments, what stands for each in the
// call they make, and in a probe of that call.
void SiteCollector::invokerArguments(const CallPlan& P, std::vector<std::string>& Uses,
                                     std::vector<std::string>& Params, std::vector<std::string>& ProbeUses) const {
  for (size_t I = 0; I < P.Args.size(); ++I) {
    const Arg& A = P.Args[I];
    std::string N = "cassette_a" + std::to_string(I);
    switch (A.How) {
      case Arg::Forward:
        Params.push_back("auto&& " + N);
        Uses.push_back("CASSETTE_FWD(" + N + ")");
        break;
      case Arg::Pack:
        Params.push_back("auto&&... " + N);
        Uses.push_back("CASSETTE_FWD(" + N + ")...");
        break;
      case Arg::Inline: Uses.push_back(argSource(A)); break;
    }
    ProbeUses.push_back(A.How == Arg::Inline ? probeSource(A) : Uses.back());
  }
}

/// The body of a guarded twin invoker (a dependent call): the first twin
/// whose probe compiles, else the call as written.
std::string SiteCollector::guardedTwinCalls(const CallPlan& P, const std::vector<std::string>& Uses,
                                            const std::vector<std::string>& ProbeUses,
                                            const std::vector<std::string>& TwinUses) const {
  std::string Twin;
  // Builtin operands: the builtin operator (`n * 2` with an operator*
  // twin for a class that converts from int in scope). An operand
  // evaluated in the invoker (a literal) is typed by its text; a braced
  // list has no type, and no builtin operator takes one but `=`.
  bool Braced = llvm::any_of(Uses, [](const std::string& U) { return llvm::StringRef(U).ltrim().starts_with("{"); });
  std::vector<std::string> ProbeOperands = ProbeUses;
  std::vector<std::string> NoneProbe;
  if (P.OperatorOperands && !Braced) {
    std::vector<std::string> Types;
    // Typed as written: the sites rewritten in an operand evaluated in
    // the invoker hold lambdas, which clang 19 fails to deduce inside
    // decltype in a template (Catch2's `MessageBuilder(...) << msg`).
    for (const std::string& U : ProbeUses) Types.push_back("decltype(" + U + ")");
    // Without a class operand, a twin is taken only where it takes the
    // operands without a conversion (rt/base.hpp, operand_probe).
    Twin += "using cassette_p = ::cassette::rt::operand_probe<" + join(Types) + ">; ";
    Twin +=
        "if constexpr (!::cassette::rt::overloadable_operands<" + join(Types) + ">) return " + P.Orig(Uses) + "; else ";
    for (std::string& U : ProbeOperands) U = "cassette_p::of(" + U + ")";
    // [over.match.oper]: with no operand of class type, an operator is a
    // candidate only where it takes some enumeration operand as its own
    // type. One that takes each through a constructor template takes a
    // stand-in that converts to nothing (`none`) in their place as well.
    std::vector<std::string> Stand;
    for (const std::string& U : ProbeUses) Stand.push_back("cassette_p::none(" + U + ")");
    NoneProbe = Tagging.twinArguments(P, Stand);
  }
  std::vector<std::string> ProbeTwinUses = Tagging.twinArguments(P, ProbeOperands);
  for (const Builder& T : P.Twins) {
    // (No enumeration has a member operator.)
    bool Member = P.MemberOperatorTwin && &T == &P.Twins.front();
    std::string Exact =
        NoneProbe.empty() || Member ? "" : " && (cassette_p::class_operand || !requires { " + T(NoneProbe) + "; })";
    Twin += "if constexpr (requires { " + T(ProbeTwinUses) + "; }" + Exact + ") return " + T(TwinUses) + "; else ";
  }
  Twin += Tagging.noTwinInstance(P.Orig(Uses));
  return Twin;
}

SiteCollector::Invokers SiteCollector::invokers(const CallPlan& P) const {
  std::vector<std::string> Uses, Params, ProbeUses;
  invokerArguments(P, Uses, Params, ProbeUses);
  // The twin's own parameter types, where they are tagged values.
  std::vector<std::string> TwinUses = Tagging.twinArguments(P, Uses);
  std::string Ret = P.ResultType.empty() ? "decltype(auto)" : P.ResultType;
  // Every argument forwarded: the named callee takes them as the invoker did.
  bool AllForwarded = llvm::all_of(P.Args, [](const Arg& A) { return A.How == Arg::Forward; });
  bool Named = !P.NamedCallee.empty() && !P.Guarded && P.ResultType.empty() &&
               (P.Twins.empty() || (P.Twins.size() == 1 && !P.NamedTwin.empty())) && AllForwarded;
  std::string TwinRet = P.Twins.empty() ? Ret : Tagging.twinInvokerResult(P, Ret, TwinUses);
  // The twin takes the arguments and returns what the callee does (not so under --tagging).
  bool PlainTwin = TwinUses == Uses && TwinRet == Ret;
  // The same for a constructor, whose twin any context's slot reaches, so no
  // invoker is needed at all; not where the twin takes other arguments
  // (--tagging) or is defined in another file.
  bool NamedCtor = !P.NamedConstructor.empty() && !P.Guarded && P.ExternalKey.empty() && PlainTwin && AllForwarded;
  // A member function named by its class: its callers, for any context.
  bool ByClass = !P.CallersClass.empty() && !P.Guarded && P.ResultType.empty() && PlainTwin && AllForwarded;
  Invokers Out;
  if (ByClass) Out.Orig = P.CallersClass + "::cassette_calls_" + P.CallersName + "{}";
  else if (Named)
    Out.Orig = std::string("::cassette::rt::") + (P.NamedMember ? "named_member<" : "named<") + P.NamedCallee + ">{}";
  else if (NamedCtor) Out.Orig = "::cassette::rt::constructs<" + P.NamedConstructor + ">{}";
  else {
    Out.OrigLambda = true;
    if (P.FormatCall)
      Out.Orig = "[&](" + join(Params) + ") -> " + Ret + " { CASSETTE_FORMAT_CALL(return " + P.Orig(Uses) + ";) }";
    else Out.Orig = "[&](" + join(Params) + ") -> " + Ret + " { return " + P.Orig(Uses) + "; }";
  }
  if (P.Twins.empty()) {
    Out.Twin = "::cassette::rt::no_twin{}";
  } else if (NamedCtor) {
    Out.Twin = "::cassette::rt::constructs_twin<" + P.NamedConstructor + ">{}";
  } else if (ByClass) {
    Out.Twin = classTwinCaller(P);
  } else {
    std::string Twin = "[&](auto& cassette_t" + (Params.empty() ? "" : ", " + join(Params)) + ") -> " + TwinRet +
                       " { " + P.TwinPreamble;
    if (!P.ExternalKey.empty())
      Twin += "::cassette::rt::require_registered<std::remove_reference_t<decltype(cassette_t.context())>>(); ";
    if (P.Guarded) {
      Twin += guardedTwinCalls(P, Uses, ProbeUses, TwinUses) + " }";
    } else {
      Twin += "return " + P.Twins.front()(TwinUses) + "; }";
    }
    if (Named)
      Twin = std::string("::cassette::rt::") + (P.NamedMember ? "lean_member_twin<" : "lean_twin<") + P.NamedTwin +
             (P.ExternalKey.empty() ? "" : ", true") + ">(" + CtxVar + ", " + Twin + ")";
    else Out.TwinLambda = P.ExternalKey.empty();
    // Defined in another file: whether it is defined under --root at all is
    // known only once every unit has been read; the run resolves this marker.
    Out.Twin = P.ExternalKey.empty() ? Twin : twinIfDefined(P.ExternalKey, Twin, "::cassette::rt::no_twin{}");
  }
  return Out;
}

std::string SiteCollector::emit(const CallPlan& P) const {
  Invokers I = invokers(P);
  // An invoker the body declares (SharedInvokers.h), or the site's own.
  auto Invoker = [this, &P](const std::string& Text, bool IsLambda) {
    std::string Variable = P.ShareInvokers && IsLambda ? Shared.variable(Text) : "";
    return Variable.empty() ? Text : Variable;
  };
  std::vector<std::string> Passed;
  for (const Arg& A : P.Args)
    if (A.How != Arg::Inline) Passed.push_back(argSource(A));
  bool RightFirst = P.RightFirst && Passed.size() == 2;
  const char* Call = RightFirst  ? "::cassette::rt::call_right_first("
                     : P.InOrder ? "::cassette::rt::call_in_order("
                                 : "::cassette::rt::call(";
  std::string Out = std::string(Call) + CtxVar + ", " + P.Identity + ", " + Invoker(I.Orig, I.OrigLambda) + ", " +
                    Invoker(I.Twin, I.TwinLambda);
  if (RightFirst) return Out + ", ::cassette::rt::right_first{" + Passed[1] + ", " + Passed[0] + "})";
  if (P.InOrder) return Out + ", ::cassette::rt::in_order{" + join(Passed) + "})";
  for (const std::string& A : Passed) Out += ", " + A;
  return Out + ")";
}

void SiteCollector::addSite(const Expr* Site, CallPlan Plan) {
  if (Site->isPRValue() && !destroyableByRuntime(Site->getType())) {
    skip(Site, Plan.Kind, SkipReason::ResultWithNonPublicDestructor);
    return;
  }
  // An assignment whose right operand is evaluated in the invoker (a braced
  // list of a type the site cannot name, a temporary that cannot move) would
  // run it after the left, which C++17 evaluates last.
  if (Plan.RightFirst && Plan.Args.size() == 2 && Plan.Args[1].How == Arg::Inline && Plan.Args[0].How != Arg::Inline) {
    skip(Site, Plan.Kind, SkipReason::AssignmentRightOperandInInvoker);
    return;
  }
  Plan.InOrder = !Plan.RightFirst && firstArgumentOrderShows(Plan);
  WhyNot Why;
  std::optional<ByteRange> R = siteRange(Site, &Why);
  if (!R) {
    skip(Site, Plan.Kind, Why);
    return;
  }
  Env.Rep.rewritten(Plan.Kind, Env.location(Site->getBeginLoc()));
  // Invokers shared with the function's other sites, declared at the top of
  // its body before any of it is rendered (SharedInvokers.h).
  if (Shared.shareable(Site, *R, Plan)) {
    Invokers I = invokers(Plan);
    bool Orig = I.OrigLambda && Shared.share(I.Orig, "cassette_invokes_", Plan.Identity);
    bool Twin = I.TwinLambda && Shared.share(I.Twin, "cassette_twininvokes_", Plan.Identity);
    Plan.ShareInvokers = Orig || Twin;
  }
  Edits.add(*R, [this, P = std::move(Plan)] { return emit(P); });
  LastSite = Site;
}

}  // namespace cassette::rewrite

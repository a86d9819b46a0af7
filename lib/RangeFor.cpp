// Range-for inside a twin is desugared as [stmt.ranged] specifies
//
//   { init; auto&& __range = range; auto __begin = begin-expr;
//     auto __end = end-expr;
//     for (; __begin != __end; ++__begin) { decl = *__begin; body } }
//
// with the calls the compiler chose for begin/end, !=, ++ and * (members of
// the range or iterator, free functions found by argument-dependent lookup,
// or builtin pointer operations) each written as one `cassette::rt::call`, so the
// hooks see them and user types reach their twins (builtin pointer operations
// as `cassette::rt::call_op`, or as plain operators with --no-builtin-operators).
// The range temporary is bound to `__range` exactly as in the original, so
// lifetimes are unchanged;
// the loop variable keeps its declaration as written, and the body stays in
// place with its own call sites rewritten. Ranges over arrays (no calls) and
// ranges whose type depends on a template parameter stay as written.
#include "RangeFor.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

const Expr* stripImplicit(const Expr* E) {
  while (E) {
    if (const auto* C = dyn_cast<ImplicitCastExpr>(E)) {
      if (C->getCastKind() == CK_UserDefinedConversion || C->getCastKind() == CK_ConstructorConversion) return E;
      E = C->getSubExpr();
    } else if (const auto* W = dyn_cast<ExprWithCleanups>(E)) {
      E = W->getSubExpr();
    } else if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
    } else if (const auto* B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = B->getSubExpr();
    } else if (const auto* P = dyn_cast<ParenExpr>(E)) {
      E = P->getSubExpr();
    } else {
      return E;
    }
  }
  return E;
}

/// The `*__begin` inside the loop variable's initialiser (which may copy or
/// convert its result: the declaration as written does that again).
const Expr* findDeref(const Stmt* S, const VarDecl* Begin) {
  if (!S) return nullptr;
  if (const auto* U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref) return U;
  if (const auto* O = dyn_cast<CXXOperatorCallExpr>(S); O && O->getOperator() == OO_Star && O->getNumArgs() == 1)
    return O;
  for (const Stmt* Child : S->children())
    if (const Expr* Found = findDeref(Child, Begin)) return Found;
  return nullptr;
}
}  // namespace

namespace {
/// How a function that argument-dependent lookup found (`begin(__range)`)
/// is named where that lookup does not happen: by its namespace (an
/// unqualified name here could find a member `begin`), or unqualified for a
/// hidden friend, which only that lookup finds. nullopt: neither applies
/// (its namespace declares the name itself, around an unnamed one that
/// declares the function: TUEnv::namespaceQualifier).
std::optional<std::string> lookupQualifier(const FunctionDecl* FD) {
  if (FD->getFriendObjectKind() != Decl::FOK_None) return "";
  return TUEnv::namespaceQualifier(FD);
}
}  // namespace

std::optional<std::string> RangeForSites::implicitCall(const Expr* E,
                                                       const llvm::DenseMap<const VarDecl*, std::string>& Names) {
  E = stripImplicit(E);
  if (!E) return std::nullopt;
  if (const auto* DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Names.find(dyn_cast<VarDecl>(DRE->getDecl()));
    if (It == Names.end()) return std::nullopt;
    return It->second;
  }
  if (const auto* R = dyn_cast<CXXRewrittenBinaryOperator>(E)) return implicitCall(R->getSemanticForm(), Names);
  if (isa<UnaryOperator, BinaryOperator>(E)) return implicitBuiltin(E, Names);
  const auto* Call = dyn_cast<CallExpr>(E);
  const FunctionDecl* FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isa<CXXConversionDecl>(FD)) return std::nullopt;
  CallPlan P;
  P.Kind = "range-for";
  P.Identity = Env.identity(FD);
  std::vector<const Expr*> Operands;
  if (const auto* M = dyn_cast<CXXMemberCallExpr>(Call)) Operands.push_back(M->getImplicitObjectArgument());
  for (const Expr* A : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(A)) break;
    Operands.push_back(A);
  }
  for (const Expr* O : Operands) {
    std::optional<std::string> T = implicitCall(O, Names);
    if (!T) return std::nullopt;
    Arg A;
    A.Fixed = *T;
    P.Args.push_back(A);
  }
  if (P.Args.empty() || !implicitCallees(P, Call, FD)) return std::nullopt;
  return Sites.emit(P);
}

/// Builtin operations on pointers (`*p`, `++p`, `p != e`). With
/// --no-builtin-operators they are written as plain operators (and, being
/// part of the range-for's one site, are not counted on their own).
std::optional<std::string> RangeForSites::implicitBuiltin(const Expr* E,
                                                          const llvm::DenseMap<const VarDecl*, std::string>& Names) {
  auto Builtin = [&](const char* Op, const char* Sym,
                     llvm::ArrayRef<const Expr*> Operands) -> std::optional<std::string> {
    std::vector<std::string> Texts;
    for (const Expr* O : Operands) {
      std::optional<std::string> T = implicitCall(O, Names);
      if (!T) return std::nullopt;
      Texts.push_back(*T);
    }
    if (!Env.Opts.BuiltinOperators)
      return Texts.size() == 1 ? Sym + ("(" + Texts[0] + ")") : "(" + Texts[0] + ") " + Sym + " (" + Texts[1] + ")";
    std::string Out = std::string("::cassette::rt::call_op(") + CtxVar + ", ::cassette::op::" + Op + "{}";
    for (const std::string& T : Texts) Out += ", " + T;
    return Out + ")";
  };
  if (const auto* U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) return Builtin("deref", "*", {U->getSubExpr()});
    if (U->getOpcode() == UO_PreInc) return Builtin("pre_inc", "++", {U->getSubExpr()});
    if (U->getOpcode() == UO_LNot) {  // `a != b` rewritten as `!(a == b)`: the `!` is not a call
      std::optional<std::string> T = implicitCall(U->getSubExpr(), Names);
      if (!T) return std::nullopt;
      return "!(" + *T + ")";
    }
    return std::nullopt;
  }
  if (const auto* B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_NE) return Builtin("ne", "!=", {B->getLHS(), B->getRHS()});
    if (B->getOpcode() == BO_EQ) return Builtin("eq", "==", {B->getLHS(), B->getRHS()});
  }
  return std::nullopt;
}

/// P's original call and its twin, for the call of FD a range-for makes;
/// false when the original cannot be named.
bool RangeForSites::implicitCallees(CallPlan& P, const CallExpr* Call, const FunctionDecl* FD) {
  const auto* MD = dyn_cast<CXXMethodDecl>(FD);
  bool Member = MD && !MD->isStatic();
  if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    std::string Sym = getOperatorSpelling(Op->getOperator());
    P.Orig = [Sym](const std::vector<std::string>& U) {
      return U.size() == 1 ? Sym + "(" + U[0] + ")" : "(" + U[0] + ") " + Sym + " (" + U[1] + ")";
    };
  } else if (Member) {
    std::string Name = FD->getNameAsString();
    P.Orig = [Name](const std::vector<std::string>& U) { return U[0] + "." + Name + "(" + join(U, 1) + ")"; };
  } else {
    std::optional<std::string> Prefix = lookupQualifier(FD);
    if (!Prefix) return false;
    std::string Name = *Prefix + FD->getNameAsString();
    P.Orig = [Name](const std::vector<std::string>& U) { return Name + "(" + join(U, 0) + ")"; };
  }
  if (Member) {
    if (MD->isVirtual() && Env.hasVirtualThunk(MD)) {
      std::string Thunk = TUEnv::thunkName(MD);
      P.Twins.push_back([Thunk](const std::vector<std::string>& U) {
        return U[0] + "." + Thunk + "(::cassette::rt::erase(cassette_t)" + (U.size() > 1 ? ", " + join(U, 1) : "") +
               ")";
      });
    } else if (!MD->isVirtual() && Env.reachesTwin(MD, File)) {
      std::string Twin = TUEnv::twinName(MD);
      P.Twins.push_back([Twin](const std::vector<std::string>& U) {
        return U[0] + "." + Twin + "(cassette_t" + (U.size() > 1 ? ", " + join(U, 1) : "") + ")";
      });
      P.ExternalKey = Env.externalTwinKey(MD, File);
    }
  } else if (Env.reachesTwin(FD, File)) {
    std::string Twin = lookupQualifier(FD).value_or("") + TUEnv::twinName(FD);
    P.Twins.push_back([Twin](const std::vector<std::string>& U) { return Twin + "(cassette_t, " + join(U, 0) + ")"; });
    P.ExternalKey = Env.externalTwinKey(FD, File);
  }
  return true;
}

bool RangeForSites::rangeFor(CXXForRangeStmt* S) {
  auto AsWritten = [&](std::optional<SkipReason> Why) {
    if (Why) Sites.skip(S, "range-for", *Why);
    if (S->getInit()) Sites.TraverseStmt(S->getInit());
    Sites.TraverseStmt(S->getRangeInit());
    return Sites.TraverseStmt(S->getBody());
  };
  if (Sites.leaveAsWritten()) return AsWritten(std::nullopt);
  const VarDecl* RangeVar = S->getRangeStmt() ? dyn_cast<VarDecl>(S->getRangeStmt()->getSingleDecl()) : nullptr;
  if (!RangeVar || !S->getBeginStmt() || !S->getEndStmt() || !S->getCond() || !S->getInc())
    return AsWritten(SkipReason::RangeForDependent);
  if (RangeVar->getType().getNonReferenceType()->isArrayType()) return AsWritten(std::nullopt);  // no calls
  if (S->getCoawaitLoc().isValid()) return AsWritten(SkipReason::RangeForCoawait);
  const auto* BeginVar = dyn_cast<VarDecl>(S->getBeginStmt()->getSingleDecl());
  const auto* EndVar = dyn_cast<VarDecl>(S->getEndStmt()->getSingleDecl());
  const VarDecl* LoopVar = S->getLoopVariable();
  if (!BeginVar || !EndVar || !LoopVar) return AsWritten(SkipReason::RangeForNotDesugared);
  const Expr* Deref = findDeref(LoopVar->getInit(), BeginVar);
  // Not siteRange: the statement may hold directives in its body, which stays.
  std::optional<ByteRange> Whole = Env.spelledRange(S->getSourceRange(), File);
  std::optional<ByteRange> Range = Env.fileRange(S->getRangeInit()->getSourceRange(), File);
  std::optional<ByteRange> Colon = Env.spelledRange(S->getColonLoc(), File);
  std::optional<ByteRange> RParen = Env.spelledRange(S->getRParenLoc(), File);
  std::optional<ByteRange> Body = Env.spelledRange(S->getBody()->getBeginLoc(), File);
  std::optional<ByteRange> Decl = Env.spelledRange(LoopVar->getBeginLoc(), File);
  std::optional<unsigned> End = Sites.statementEnd(S->getBody());
  std::optional<ByteRange> Init = S->getInit() ? Env.spelledRange(S->getInit()->getBeginLoc(), File) : std::nullopt;
  if (!Deref || !Whole || !Range || !Colon || !RParen || !Body || !Decl || !End || (S->getInit() && !Init))
    return AsWritten(SkipReason::RangeForPartlyInMacro);
  // The head `for (decl : range)` is replaced up to the body; a directive
  // between them (an #if choosing the body) stays in place.
  ByteRange Head{Whole->Begin, RParen->End};
  if (Env.spansDirective(File, Head)) return AsWritten(SkipReason::SpansPreprocessorDirective);
  if (!Env.spansDirective(File, ByteRange{RParen->End, Body->Begin})) Head.End = Body->Begin;
  // A body whose end lies in a conditional group (`#else stmt; #endif`)
  // leaves no place for closing braces: it gets a form that needs none.
  bool Unclosed = Env.spansDirective(File, ByteRange{RParen->End, *End});
  if (const auto* Comma = dyn_cast<BinaryOperator>(S->getRangeInit()->IgnoreParens()); Comma && Comma->isCommaOp())
    return AsWritten(SkipReason::RangeForCommaExpression);

  std::string Suffix = std::to_string(Whole->Begin);
  llvm::DenseMap<const VarDecl*, std::string> Names;
  Names[RangeVar] = "cassette_range_" + Suffix;
  Names[BeginVar] = "cassette_begin_" + Suffix;
  Names[EndVar] = "cassette_end_" + Suffix;
  std::optional<std::string> BeginCall = implicitCall(BeginVar->getInit(), Names);
  std::optional<std::string> EndCall = implicitCall(EndVar->getInit(), Names);
  std::optional<std::string> Cond = implicitCall(S->getCond(), Names);
  std::optional<std::string> Inc = implicitCall(S->getInc(), Names);
  std::optional<std::string> Star = implicitCall(Deref, Names);
  if (!BeginCall || !EndCall || !Cond || !Inc || !Star) return AsWritten(SkipReason::RangeForImplicitCalls);
  TaggingPlanner::LoopElement Element =
      Sites.Tagging.loopElement(LoopVar, *Star, "cassette_elem_" + Suffix, Deref->isGLValue());
  if (Unclosed && (!Element.Before.empty() || !Element.After.empty()))
    return AsWritten(SkipReason::SpansPreprocessorDirective);
  // The pieces written by the user are rendered with their own call sites.
  bool Traversed = AsWritten(std::nullopt);
  Env.Rep.rewritten("range-for", Env.location(S->getBeginLoc()));
  ByteRange InitText = Init ? ByteRange{Init->Begin, Decl->Begin} : ByteRange{Decl->Begin, Decl->Begin};
  ByteRange DeclText{Decl->Begin, Colon->Begin};
  ByteRange RangeText = *Range;
  std::string R = Names[RangeVar], B = Names[BeginVar], E = Names[EndVar];
  if (Unclosed) {
    // Each `if (declaration; false) {} else` scopes a declaration over what
    // follows without a brace to close; having its own else, none can take
    // an else written after the loop. break and continue still reach the for.
    Edits.add(Head, [=, this] {
      std::string InitStmt = llvm::StringRef(Edits.render(InitText)).rtrim().rtrim(';').str();
      return (InitStmt.empty() ? "" : "if (" + InitStmt + "; false) {} else ") + "if (auto&& " + R + " = " +
             Edits.render(RangeText) + "; false) {} else if (auto " + B + " = " + *BeginCall +
             "; false) {} else if (auto " + E + " = " + *EndCall + "; false) {} else for (; " + *Cond + "; " + *Inc +
             ") if (" + llvm::StringRef(Edits.render(DeclText)).rtrim().str() + " = " + Element.Init +
             "; false) {} else ";
    });
    return Traversed;
  }
  Edits.add(Head, [=, this] {
    return "{ " + Edits.render(InitText) + "auto&& " + R + " = " + Edits.render(RangeText) + "; auto " + B + " = " +
           *BeginCall + "; auto " + E + " = " + *EndCall + "; for (; " + *Cond + "; " + *Inc + ") { " + Element.Before +
           llvm::StringRef(Edits.render(DeclText)).rtrim().str() + " = " + Element.Init + "; " + Element.After;
  });
  Edits.add(ByteRange{*End, *End}, [] { return std::string(" } }"); });
  return Traversed;
}

}  // namespace cassette::rewrite

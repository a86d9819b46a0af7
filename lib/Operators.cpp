// Builtin operators on fundamental types become primitive operations
// (`cassette::op::*`) so hooks and metadata see arithmetic. `&&`, `||`,
// `?:`, `,` and plain assignment are not calls and keep their sequencing;
// their operands are rewritten. With --no-builtin-operators the builtin
// operators are left as written too (counted in the report, not skipped);
// operators whose operands depend on a template parameter are still
// rewritten, as per instantiation they may be overloaded operators with twins.
#include "Operators.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
const char* binaryOpName(BinaryOperatorKind K) {
  switch (K) {
    case BO_Mul: return "mul";
    case BO_Div: return "div";
    case BO_Rem: return "rem";
    case BO_Add: return "add";
    case BO_Sub: return "sub";
    case BO_Shl: return "shl";
    case BO_Shr: return "shr";
    case BO_Cmp: return "spaceship";
    case BO_LT: return "lt";
    case BO_GT: return "gt";
    case BO_LE: return "le";
    case BO_GE: return "ge";
    case BO_EQ: return "eq";
    case BO_NE: return "ne";
    case BO_And: return "bit_and";
    case BO_Xor: return "bit_xor";
    case BO_Or: return "bit_or";
    case BO_MulAssign: return "mul_assign";
    case BO_DivAssign: return "div_assign";
    case BO_RemAssign: return "rem_assign";
    case BO_AddAssign: return "add_assign";
    case BO_SubAssign: return "sub_assign";
    case BO_ShlAssign: return "shl_assign";
    case BO_ShrAssign: return "shr_assign";
    case BO_AndAssign: return "and_assign";
    case BO_XorAssign: return "xor_assign";
    case BO_OrAssign: return "or_assign";
    default: return nullptr;  // =, &&, ||, comma, .*, ->*
  }
}

const char* unaryOpName(UnaryOperatorKind K) {
  switch (K) {
    case UO_PostInc: return "post_inc";
    case UO_PostDec: return "post_dec";
    case UO_PreInc: return "pre_inc";
    case UO_PreDec: return "pre_dec";
    case UO_Deref: return "deref";
    case UO_Plus: return "plus";
    case UO_Minus: return "neg";
    case UO_Not: return "bit_not";
    case UO_LNot: return "logical_not";
    default: return nullptr;  // &, __real, __imag, __extension__, co_await
  }
}

}  // namespace

// `p == 0` where p is a pointer whose type depends on a template parameter
// (Imath's `const T* weights; weights == 0`): the 0 is a null pointer
// constant there, but forwarded it arrives as an int, which no pointer
// compares with. Passed as nullptr, it compares as the 0 did. Only beside an
// operand that is a pointer whatever the template's arguments: beside a `T`
// the 0 may be an int.
static void passNullAsNullptr(llvm::ArrayRef<const Expr*> Operands, std::vector<CallArg>& Args) {
  if (Operands.size() != 2) return;
  for (size_t I = 0; I < 2; ++I) {
    const auto* Zero = dyn_cast<IntegerLiteral>(Operands[I]->IgnoreParenImpCasts());
    QualType Other = Operands[1 - I]->IgnoreParenImpCasts()->getType();
    if (Zero && Zero->getValue() == 0 && Args[I].Fixed.empty() &&
        (Other->isAnyPointerType() || Other->isMemberPointerType()))
      Args[I].Fixed = "nullptr";
  }
}

// A builtin operator whose operands' types are known: one call_op where it
// is written.
bool OperatorSites::knownOperator(Expr* E, SourceLocation OperatorLoc, const std::string& Symbol,
                                  const std::string& Identity, llvm::ArrayRef<const Expr*> Operands,
                                  const std::vector<Arg>& Args) {
  // The operator itself must be editable (written in the file or in a
  // macro argument that may be edited); an operand may be a whole macro
  // expansion (`x + ONE`).
  WhyNot Why, OperatorWhy;
  std::optional<ByteRange> R = Sites.siteRange(E, &Why);
  if (!R && Env.editableRange(OperatorLoc, File, &OperatorWhy)) {
    R = Env.fileRange(E->getSourceRange(), File);
    if (R && Env.macroArgumentUnsafe(File, R->Begin)) R.reset();
  }
  // An operand spelled by the operator's whole text (an implicit operand
  // that clang places on the operator) would render inside itself.
  if (R && llvm::any_of(Args, [&](const Arg& A) {
        return A.Fixed.empty() && A.Range.Begin <= R->Begin && R->End <= A.Range.End;
      })) {
    R.reset();
    Why = SkipReason::OperandSpansOperator;
  }
  if (!R) {
    if (!OperatorWhy.empty()) Why = OperatorWhy;
    Sites.skip(E, "builtin " + Symbol,
               Why == SkipReason::CallInMacroBody ? WhyNot(SkipReason::OperatorInMacroBody) : Why);
    return true;
  }
  Env.Rep.rewritten("builtin operator", Env.location(E->getBeginLoc()));
  bool Product = ContractedProducts.count(E);
  // `a[i()] += v()`: C++17 evaluates the right operand first.
  if (const auto* CA = dyn_cast<CompoundAssignOperator>(E);
      CA && Sites.assignmentRightFirst(BinaryOperator::getOverloadedOperator(CA->getOpcode()), Operands))
    RightFirst.insert(E);
  // `p()[i()]`, `f() << g()`: C++17 evaluates the left operand first.
  const auto* B = dyn_cast<BinaryOperator>(E);
  OverloadedOperatorKind OO = isa<ArraySubscriptExpr>(E) ? OO_Subscript
                              : B                        ? BinaryOperator::getOverloadedOperator(B->getOpcode())
                                                         : OO_None;
  bool InOrder =
      Args.size() == 2 && SiteCollector::leftOperandSequenced(OO) && Sites.rightOperandFirst(Operands[0], Operands[1]);
  Edits.add(*R, [this, E, Identity, Args, Product, InOrder] {
    // Known when rendered: whether E takes a product is found after E is added.
    bool Sum = ContractingSums.count(E);
    if (RightFirst.count(E))
      return std::string(Sum ? "::cassette::rt::call_op_sum(" : "::cassette::rt::call_op_right_first(") + CtxVar +
             ", " + Identity + ", ::cassette::rt::right_first{" + Sites.argSource(Args[1]) + ", " +
             Sites.argSource(Args[0]) + "})";
    if (InOrder)
      return std::string("::cassette::rt::call_op_in_order(") + CtxVar + ", " + Identity +
             ", ::cassette::rt::in_order{" + Sites.argSource(Args[0]) + ", " + Sites.argSource(Args[1]) + "})";
    const char* Call = Sum ? "::cassette::rt::call_op_sum(" : "::cassette::rt::call_op(";
    std::string Out = Product ? std::string("::cassette::rt::call_op_product(") + CtxVar
                              : std::string(Call) + CtxVar + ", " + Identity;
    for (const Arg& A : Args) Out += ", " + Sites.argSource(A);
    return Out + ")";
  });
  LastOperator = E;
  return true;
}

// Whether E computes on or gives a value that the target computes with
// excess precision: `_Float16` (and `__bf16`) where it has no half-precision
// arithmetic, whose operations clang does in float and rounds once, where
// the value is stored, passed or returned. An operator's call would round
// each result (`a * a - c` on halves gave 0.00390625 instead of 0.00391006).
static bool excessPrecision(const Expr* E, llvm::ArrayRef<const Expr*> Operands, const ASTContext& Ctx) {
  auto Excess = [&](const Expr* X) {
    if (!X->isPRValue()) return false;
    QualType T = X->getType().getCanonicalType().getUnqualifiedType();
    if (const auto* C = T->getAs<ComplexType>()) T = C->getElementType();
    return T->isRealFloatingType() && T.UseExcessPrecision(Ctx);
  };
  return Excess(E) || llvm::any_of(Operands, Excess);
}

bool OperatorSites::builtinOperator(Expr* E, const char* OpName, OverloadedOperatorKind OO,
                                    llvm::ArrayRef<const Expr*> Operands, bool Postfix) {
  SourceLocation OperatorLoc = E->getExprLoc();
  if (const auto* S = dyn_cast<ArraySubscriptExpr>(E)) OperatorLoc = S->getRBracketLoc();
  if (Sites.leaveAsWritten()) return true;
  if (!Env.Opts.BuiltinOperators && !E->isTypeDependent()) {
    // Left as written by the user's choice; the visitor still rewrites
    // the calls inside the operands.
    Env.Rep.builtinOperatorAsWritten(Env.location(OperatorLoc));
    return true;
  }
  std::string Symbol = getOperatorSpelling(OO);
  if (Sites.sanitizersOff()) return Sites.skip(E, "builtin " + Symbol, SkipReason::OperatorInUnsanitizedFunction), true;
  if (excessPrecision(E, Operands, Env.Ctx))
    return Sites.skip(E, "builtin " + Symbol, SkipReason::ExcessPrecisionOperand), true;
  std::vector<Arg> Args;
  WhyNot Why;
  for (const Expr* O : Operands) {
    Arg A;
    if (!Sites.classify(O, A, Why, /*AllowInline=*/false)) {
      Sites.skip(E, "builtin " + Symbol, Why);
      return true;
    }
    Args.push_back(A);
  }
  if (OO == OO_EqualEqual || OO == OO_ExclaimEqual) passNullAsNullptr(Operands, Args);
  std::string Identity = std::string("::cassette::op::") + OpName + "{}";
  if (!E->isTypeDependent()) return knownOperator(E, OperatorLoc, Symbol, Identity, Operands, Args);
  // Operands whose types depend on a template parameter: per instantiation
  // this is a builtin operation or an overloaded operator with a twin.
  CallPlan P;
  P.Kind = "dependent operator";
  P.Identity = Identity;
  P.Args = Args;
  P.RightFirst = Sites.assignmentRightFirst(OO, Operands);
  P.FirstSequenced = Operands.size() == 2 && SiteCollector::leftOperandSequenced(OO);
  P.Orig = [Identity](const std::vector<std::string>& U) {
    std::string Out = Identity + "(";
    for (size_t I = 0; I < U.size(); ++I) Out += (I ? ", " : "") + U[I];
    return Out + ")";
  };
  std::string Twin = std::string("cassette_twin_operator_") + TUEnv::operatorKindName(OO);
  std::string Extra = Postfix ? ", 0" : "";
  P.MemberOperatorTwin = mayHaveMemberTwin(Operands[0]);
  if (P.MemberOperatorTwin)
    P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
      std::string Out = U[0] + "." + Twin + "(cassette_t";
      for (size_t I = 1; I < U.size(); ++I) Out += ", " + U[I];
      return Out + Extra + ")";
    });
  P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
    std::string Out = Twin + "(cassette_t";
    for (const std::string& S : U) Out += ", " + S;
    return Out + Extra + ")";
  });
  P.TwinPreamble = Sites.memberOperatorShield(OO);
  P.Guarded = true;
  P.OperatorOperands = true;
  Sites.addSite(E, std::move(P));
  return true;
}

/// The multiplication of E, a floating addition or subtraction (`a * b + c`,
/// `s -= a * b`), that the compiler contracts with E into a fused
/// multiply-add where floating-point contraction is on: the operand that is
/// a multiplication of E's type, the left one first, as clang's code
/// generation picks it. Null when there is none.
const Expr* OperatorSites::contractedProduct(const BinaryOperator* E) const {
  BinaryOperatorKind K = E->getOpcode();
  if (K != BO_Add && K != BO_Sub && K != BO_AddAssign && K != BO_SubAssign) return nullptr;
  if (E->isTypeDependent() || !E->getFPFeaturesInEffect(Env.Ctx.getLangOpts()).allowFPContractWithinStatement())
    return nullptr;
  QualType T = E->getType();
  if (const auto* C = dyn_cast<CompoundAssignOperator>(E)) T = C->getComputationResultType();
  if (!T->isRealFloatingType()) return nullptr;
  auto Product = [&](const Expr* O) -> const Expr* {
    const auto* M = dyn_cast<BinaryOperator>(O->IgnoreParens());
    return M && M->getOpcode() == BO_Mul && Env.Ctx.hasSameType(M->getType(), T) ? M : nullptr;
  };
  if (!E->isCompoundAssignmentOp())
    if (const Expr* M = Product(E->getLHS())) return M;
  return Product(E->getRHS());
}

bool OperatorSites::binaryOperator(BinaryOperator* E) {
  if (E->getOpcode() == BO_Assign) return Sites.Tagging.store(E), true;
  const char* Name = binaryOpName(E->getOpcode());
  if (!Name) return true;
  builtinOperator(E, Name, BinaryOperator::getOverloadedOperator(E->getOpcode()), {E->getLHS(), E->getRHS()}, false);
  // Only once E is rewritten itself: the product is what its call_op takes.
  if (LastOperator == E && !Env.Tagging.twinSignaturesDiffer())
    if (const Expr* M = contractedProduct(E)) {
      ContractedProducts.insert(M);
      ContractingSums.insert(E);
    }
  return true;
}

bool OperatorSites::unaryOperator(UnaryOperator* E) {
  const char* Name = unaryOpName(E->getOpcode());
  if (!Name) return true;
  return builtinOperator(E, Name, UnaryOperator::getOverloadedOperator(E->getOpcode()), {E->getSubExpr()},
                         E->isPostfix());
}

bool OperatorSites::arraySubscript(ArraySubscriptExpr* E) {
  // An element of a vector-extension value: no reference binds to it, so
  // no operator's call can return it.
  if (E->getBase()->getType()->isVectorType() && !Sites.leaveAsWritten())
    return Sites.skip(E, "builtin []", SkipReason::VectorElementOperand), true;
  return builtinOperator(E, "subscript", OO_Subscript, {E->getLHS(), E->getRHS()}, false);
}

}  // namespace cassette::rewrite

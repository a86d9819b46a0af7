// User-defined conversion functions. Each gets a twin like any member
// function, named after the type it converts to (`operator long` ->
// `cassette_twin_conversion_long`), since a conversion function has no name
// of its own and twins cannot be conversion functions. A conversion written
// as a call (`m.operator long()`) is an ordinary member call; one the
// compiler applies implicitly (`long a = m;`, `static_cast<long>(m)`,
// `if (m)`) has no call written in the source: the operand is wrapped in one
// `cassette::rt::call` that converts it explicitly, so the conversion is hooked
// and reaches the twin, and the value takes the rest of the path (standard
// conversions, copy-initialisation) exactly as before.
#include "Conversions.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cassette::rewrite {

std::string TUEnv::conversionTwinName(const CXXConversionDecl* CD) {
  // As written in the first declaration of the pattern, so that every file
  // and every instantiation of a class template spell it the same.
  const auto* First = cast<CXXConversionDecl>(pattern(CD)->getCanonicalDecl());
  LangOptions CXX;
  CXX.CPlusPlus = true;
  PrintingPolicy Policy(CXX);
  Policy.Bool = true;
  std::string Type = First->getConversionType().getAsString(Policy);
  std::string Name = "cassette_twin_conversion_";
  for (char C : Type) {
    if (isalnum(static_cast<unsigned char>(C)) || C == '_') Name += C;
    else if (C == ' ') Name += '_';
    else if (C == '*') Name += "_P";
    else if (C == '&') Name += "_R";
    else if (C == ':') Name += "_";
    else Name += "_X";
  }
  return Name;
}

std::optional<CallPlan> ConversionSites::conversionPlan(const CXXConversionDecl* CD, const std::string& Object,
                                                        WhyNot& Why) {
  CallPlan P;
  P.Kind = "conversion";
  P.Identity = Env.identity(CD);
  Arg Self;
  Self.Fixed = Object;
  P.Args.push_back(Self);
  // After `operator` the type must be a single type-specifier sequence (no
  // `(*)(...)` or `[N]`), and any code may call the conversion, so the type
  // is spelled as the caller may spell it.
  std::string Type = Env.accessibleTypeSpelling(CD->getConversionType());
  if (Type.empty()) {
    Why = TUEnv::namesLocalType(CD->getConversionType()) ? SkipReason::ConversionToLocalType
                                                         : SkipReason::ConversionToNonPublicType;
    return std::nullopt;
  }
  Type = asTypeSpecifier(Type);
  P.Orig = [Type](const std::vector<std::string>& U) { return U[0] + ".operator " + Type + "()"; };
  if (Env.reachesTwin(CD, File)) {
    std::string Twin = TUEnv::conversionTwinName(CD);
    P.Twins.push_back([Twin](const std::vector<std::string>& U) { return U[0] + "." + Twin + "(cassette_t)"; });
    P.ExternalKey = Env.externalTwinKey(CD, File);
  }
  return P;
}

bool ConversionSites::conditionVariableConversion(CallExpr* E, const VarDecl* VD, const CXXConversionDecl* CD) {
  std::string Name = Env.calleeName(CD);
  // `if (const Guard& g = Guard(x))` converts g, which has no spelling of its
  // own there. An if or switch without an init-statement takes the variable
  // as one, `if (const Guard& g = Guard(x); <g converted>)`: g keeps its scope.
  const Stmt* Owner = ConditionOwners.lookup(VD);
  bool HasInit = false;
  if (const auto* If = dyn_cast_or_null<IfStmt>(Owner)) HasInit = If->getInit();
  else if (const auto* Sw = dyn_cast_or_null<SwitchStmt>(Owner)) HasInit = Sw->getInit();
  std::optional<ByteRange> Decl = Env.spelledRange(VD->getSourceRange(), File);
  if (!Owner || HasInit || !Decl) {
    Sites.skip(E, Name, SkipReason::ConversionOfConditionVariable);
    return true;
  }
  WhyNot Why;
  std::optional<CallPlan> P = conversionPlan(CD, VD->getNameAsString(), Why);
  if (!P) {
    Sites.skip(E, Name, Why);
    return true;
  }
  Env.Rep.rewritten(P->Kind, Env.location(E->getBeginLoc()));
  Edits.add(ByteRange{Decl->End, Decl->End}, [this, P = std::move(*P)] { return "; " + Sites.emit(P); });
  return true;
}

bool ConversionSites::implicitConversion(CallExpr* E, const MemberExpr* ME, const CXXConversionDecl* CD) {
  std::string Name = Env.calleeName(CD);
  if (CD->getParent()->isLambda()) return true;  // a lambda's conversion to a function pointer
  const Expr* Object = ME->getBase();
  if (const auto* DRE = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts()))
    if (const auto* VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && DRE->getLocation() == VD->getLocation())
      return conditionVariableConversion(E, VD, CD);
  std::optional<ByteRange> R = Env.fileRange(Object->getSourceRange(), File);
  if (!R) {
    Sites.skip(E, Name, SkipReason::ConversionOperandPartlyInMacro);
    return true;
  }
  // The object is what the edits around it render; the call is written as
  // text before and after it, so that a call the object itself makes (the
  // same source range) keeps its own edit.
  const std::string Hole = "\x06";
  WhyNot Why;
  std::optional<CallPlan> Plan = conversionPlan(CD, Hole, Why);
  if (!Plan) {
    Sites.skip(E, Name, Why);
    return true;
  }
  CallPlan P = std::move(*Plan);
  Env.Rep.rewritten(P.Kind, Env.location(E->getBeginLoc()));
  auto Text = std::make_shared<std::pair<std::string, std::string>>();
  auto Split = [this, P = std::move(P), Text, Hole] {
    if (Text->first.empty()) {
      std::string Call = Sites.emit(P);
      size_t At = Call.rfind(Hole);
      *Text = {Call.substr(0, At), Call.substr(At + Hole.size())};
    }
    return Text;
  };
  // A wrap, not two insertions: an insertion at the object's first byte would
  // also belong to a call the object begins with (`if (cur.next())`, whose
  // own object `cur` starts there) and be rendered a second time inside it.
  Edits.wrap(*R, [Split] { return Split()->first; }, [Split] { return Split()->second; });
  return true;
}

}  // namespace cassette::rewrite

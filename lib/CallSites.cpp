// Calls of named functions, member functions (virtual ones through their
// thunks), overloaded operators, functors and lambdas, calls through
// pointers to member functions, and calls through anything else (function
// pointers): each becomes one `cassette::rt::call`.
#include "CallSites.h"

#include "Conversions.h"
#include "MemberCallers.h"
#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
bool usesDefaultArguments(const CallExpr* E) {
  for (const Expr* A : E->arguments())
    if (isa<CXXDefaultArgExpr>(A)) return true;
  return false;
}

/// Whether the call of FD can pass FD by its address, `&name` (CallPlan's
/// NamedCallee): FD is the only declaration of its name in its class or
/// namespace (no overload, no template, no using-declaration), so the name
/// alone means FD; the call passes every argument (a default argument is the
/// declaration's, not the pointer's); FD is not a compiler builtin, not a GNU
/// inline wrapper (glibc's fortified functions: their address is the plain
/// library function's), not variadic; and nothing about the call depends on
/// a template parameter. An overload is not named by a cast to its type:
/// the type spelled from one unit's view is wrong in another that compiles
/// the same file with other macros (tinyobjloader's tester, built with and
/// without TINYOBJLOADER_USE_DOUBLE, where `real_t` is float or double).
bool namedByAddress(const FunctionDecl* FD, const CallExpr* E) {
  if (FD->getBuiltinID() || FD->hasAttr<GNUInlineAttr>() || FD->isVariadic() || FD->isDeleted()) return false;
  if (FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate &&
      FD->getTemplatedKind() != FunctionDecl::TK_MemberSpecialization)
    return false;
  if (FD->isDependentContext() || E->isInstantiationDependent() || usesDefaultArguments(E)) return false;
  DeclContextLookupResult Found = FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName());
  return !Found.empty() && std::next(Found.begin()) == Found.end() &&
         (*Found.begin())->getCanonicalDecl() == FD->getCanonicalDecl();
}

/// A class whose name can be written wherever its members are called: named,
/// not local to a function, not a lambda, not a non-public member of another
/// class, spelled without an unnamed part, and neither a template's
/// specialization nor a member of one (its arguments, spelled from one unit's view, may be
/// typedefs another unit resolves otherwise: `std::vector<real_t>`).
bool nameableClass(const CXXRecordDecl* RD, const std::string& Spelled) {
  if (!RD->getIdentifier() || RD->isLambda() || RD->isLocalClass() || isa<ClassTemplateSpecializationDecl>(RD))
    return false;
  for (const Decl* D = RD; isa<CXXRecordDecl>(D->getDeclContext()); D = cast<Decl>(D->getDeclContext()))
    if ((D->getAccess() != AS_public && D->getAccess() != AS_none) ||
        isa<ClassTemplateSpecializationDecl>(D->getDeclContext()))
      return false;
  return Spelled.find("(lambda") == std::string::npos && Spelled.find("(anonymous") == std::string::npos &&
         Spelled.find("(unnamed") == std::string::npos;
}

/// The type of the object a member call is made on (`p->f()`: what p points to).
QualType objectType(const MemberExpr* ME) {
  QualType Object = ME->getBase()->IgnoreImpCasts()->getType();
  return ME->isArrow() ? Object->getPointeeType() : Object;
}

/// The context type argument of a named callee's twin, at the site.
std::string siteContextArgument() { return std::string("<::cassette::rt::slot_context<decltype(") + CtxVar + ")>>"; }
}  // namespace

bool namesItsPlace(const Stmt* S) {
  if (!S) return false;
  if (isa<SourceLocExpr>(S)) return true;
  if (const auto* D = dyn_cast<CXXDefaultArgExpr>(S)) return namesItsPlace(D->getExpr());
  if (const auto* D = dyn_cast<CXXDefaultInitExpr>(S)) return namesItsPlace(D->getExpr());
  return llvm::any_of(S->children(), [](const Stmt* C) { return namesItsPlace(C); });
}

bool CallSites::call(CallExpr* E) {
  if (Sites.Handled.count(E)) return true;
  if (isa<CUDAKernelCallExpr>(E)) return true;
  if (memberOfNoOverdub(E, Env)) return true;
  if (Sites.leaveAsWritten()) {
    // A user-defined literal too (Catch2's `constexpr auto s = "abc"_sr;`).
    Sites.skip(E, "call", Sites.asWrittenReason());
    return true;
  }
  if (auto* L = dyn_cast<UserDefinedLiteral>(E)) return userDefinedLiteral(L);
  if (auto* Op = dyn_cast<CXXOperatorCallExpr>(E); Op && Op->getOperator() == OO_Arrow) return true;
  if (WhyNot Why; !Sites.siteRange(E, &Why)) {
    const FunctionDecl* FD = E->getDirectCallee();
    Sites.skip(E, FD ? Env.calleeName(FD) : "call", Why);
    return true;
  }
  if (auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) return operatorCall(Op);
  const Expr* Callee = E->getCallee()->IgnoreParenImpCasts();
  if (isa<MemberExpr, CXXDependentScopeMemberExpr, UnresolvedMemberExpr>(Callee)) return memberCall(E, Callee);
  if (isa<CXXPseudoDestructorExpr>(Callee)) return true;  // p->~int(): no call
  if (const auto* B = dyn_cast<BinaryOperator>(Callee); B && B->isPtrMemOp()) return memberPointerCall(E, B);
  if (isa<UnresolvedLookupExpr, DependentScopeDeclRefExpr>(Callee)) return dependentCall(E, Callee);
  if (const auto* DRE = dyn_cast<DeclRefExpr>(Callee))
    if (const auto* FD = dyn_cast<FunctionDecl>(DRE->getDecl())) return callThroughName(E, FD, DRE);
  return indirectCall(E);
}

// Whether FD, not a template, shares its name with a function template of its
// class or namespace. Their twins are all templates, so the rule that
// prefers a function that is not a template no longer tells them apart
// (spdlog's logger::log(loc, lvl, string_view_t) and its template
// log(loc, lvl, format_string_t<Args...>, Args&&...): ambiguous). The call
// of FD's twin then names its one template argument, the context, and passes
// the slot as `rt::exact_slot(t)`, which FD's twin takes by conversion but
// from which no other twin deduces its context: they drop out before the
// context, bound to their first template parameter, reaches their other
// parameters (rapidyaml's to_csubstr(std::vector<char, Alloc> const&): an
// allocator of the context's type is a hard error).
static bool sharesNameWithTemplate(const FunctionDecl* FD) {
  if (FD->isTemplated() || FD->getPrimaryTemplate() || FD->getTemplateSpecializationInfo()) return false;
  const DeclContext* DC = FD->getDeclContext()->getRedeclContext();
  return llvm::any_of(DC->lookup(FD->getDeclName()),
                      [](const NamedDecl* D) { return isa<FunctionTemplateDecl>(D->getUnderlyingDecl()); });
}

static const char* const SlotContextArgument = "<::cassette::rt::slot_context<decltype(cassette_t)>>";

/// The slot a twin call passes: `rt::exact_slot(t)` where the call names the
/// context as its template argument (sharesNameWithTemplate).
static const char* twinSlot(const std::string& TemplateArgs) {
  return TemplateArgs == SlotContextArgument ? "::cassette::rt::exact_slot(cassette_t)" : "cassette_t";
}

/// `"key"_a`, `12_km`, `1.5_s`, `'c'_ch`: the call of the literal operator
/// with the arguments the literal gives it (a string and its length, an
/// unsigned long long, a long double, a character), spelled from the literal
/// so that they are exactly what the operator receives. A raw or template
/// literal operator (`operator"" _x(const char*)`, `template <char...>`)
/// takes the literal's characters, which the call cannot forward: skipped.
bool CallSites::userDefinedLiteral(UserDefinedLiteral* E) {
  const FunctionDecl* FD = E->getDirectCallee();
  std::string Name = FD ? Env.calleeName(FD) : "user-defined literal";
  UserDefinedLiteral::LiteralOperatorKind Kind = E->getLiteralOperatorKind();
  const IdentifierInfo* Suffix = E->getUDSuffix();
  if (!FD || !Suffix || Kind == UserDefinedLiteral::LOK_Raw || Kind == UserDefinedLiteral::LOK_Template ||
      FD->getPrimaryTemplate()) {
    Sites.skip(E, Name, SkipReason::UserDefinedLiteral);
    return true;
  }
  WhyNot Why;
  std::optional<ByteRange> R = Sites.siteRange(E, &Why);
  if (!R) {
    Sites.skip(E, Name, Why);
    return true;
  }
  // One token (not "a" "b"_x, whose pieces join before the operator sees them).
  llvm::StringRef Text = Edits.text(*R);
  if (E->getBeginLoc() != E->getEndLoc() || !Text.ends_with(Suffix->getName())) {
    Sites.skip(E, Name, SkipReason::UserDefinedLiteral);
    return true;
  }
  std::string Literal = Text.drop_back(Suffix->getName().size()).str();
  CallPlan P;
  P.Kind = "user-defined literal";
  P.Identity = Env.identity(FD);
  P.Callee = FD;
  auto Add = [&P](std::string T) {
    Arg A;
    A.Fixed = std::move(T);
    P.Args.push_back(A);
  };
  switch (Kind) {
    case UserDefinedLiteral::LOK_String: {
      const auto* S = dyn_cast<StringLiteral>(E->getArg(0)->IgnoreParenImpCasts());
      if (!S) {
        Sites.skip(E, Name, SkipReason::UserDefinedLiteral);
        return true;
      }
      Add(Literal);
      Add("static_cast<decltype(sizeof 0)>(" + std::to_string(S->getLength()) + ")");
      break;
    }
    case UserDefinedLiteral::LOK_Integer: Add(Literal + "ULL"); break;
    case UserDefinedLiteral::LOK_Floating: Add(Literal + "L"); break;
    default: Add(Literal); break;  // a character
  }
  std::string Operator = "operator\"\"" + Suffix->getName().str();
  P.Orig = [Operator](const std::vector<std::string>& U) { return Operator + "(" + join(U) + ")"; };
  if (Env.reachesTwin(FD, File)) {
    // Named in its namespace: a using-declaration may have brought in the operator, not its twin.
    std::optional<std::string> Scope =
        FD->getDeclContext()->getRedeclContext()->isFileContext() ? TUEnv::namespaceQualifier(FD) : std::nullopt;
    std::string Twin = Scope.value_or("") + TUEnv::twinName(FD);
    P.Twins.push_back(
        [Twin](const std::vector<std::string>& U) { return Twin + "(" + withTwinSlot("cassette_t", U) + ")"; });
    P.ExternalKey = Env.externalTwinKey(FD, File);
  }
  Sites.addSite(E, std::move(P));
  return true;
}

bool CallSites::callThroughName(CallExpr* E, const FunctionDecl* FD, const Expr* Callee) {
  std::string Name = Env.calleeName(FD);
  // setjmp called from an invoker would save the invoker's frame, gone when
  // longjmp comes back to it (glog's death tests: `if (!setjmp(buf)) fn;`).
  if (FD->hasAttr<ReturnsTwiceAttr>() ||
      (FD->getBuiltinID() && Env.Ctx.BuiltinInfo.isReturnsTwice(FD->getBuiltinID()))) {
    Sites.skip(E, Name, SkipReason::ReturnsTwice);
    return true;
  }
  if (FD->getBuiltinID() && FD->getName().starts_with("__")) return builtinCall(E, FD);
  if (FD->isConsteval() || TUEnv::decidedAtTheCall(FD)) {
    Sites.skip(E, Name, FD->isConsteval() ? SkipReason::ConstevalCall : SkipReason::CalleeDecidedAtTheCall);
    return true;
  }
  std::optional<ByteRange> CalleeRange = Env.fileRange(Callee->getSourceRange(), File);
  if (!CalleeRange) {
    Sites.skip(E, Name, SkipReason::CalleePartlyInMacro);
    return true;
  }
  CallPlan P;
  P.Kind = "function";
  P.Identity = Env.identity(FD);
  P.Callee = FD;
  P.FormatCall = FD->hasAttr<FormatAttr>();
  WhyNot Why;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    Sites.skip(E, Name, Why);
    return true;
  }
  std::string CalleeText = Edits.text(*CalleeRange).str();
  P.Orig = [CalleeText](const std::vector<std::string>& U) { return CalleeText + "(" + join(U) + ")"; };
  std::string TwinName;
  if (Env.reachesTwin(FD, File)) {
    const auto* DRE = cast<DeclRefExpr>(Callee);
    std::string Qualifier = DRE->getQualifierLoc() ? Sites.sourceText(DRE->getQualifierLoc().getSourceRange()) : "";
    // Found through a using-declaration (leveldb's c.cc: `using
    // leveldb::NewLRUCache;`), which brings in the function, not its twin:
    // the twin is named in the function's own namespace. (A class's `using
    // B::f;` is left to lookup in the class, which finds B's twin.)
    if (isa_and_nonnull<UsingShadowDecl>(DRE->getFoundDecl()) &&
        FD->getDeclContext()->getRedeclContext()->isFileContext()) {
      std::optional<std::string> Scope = TUEnv::namespaceQualifier(FD);
      if (!Scope) {
        Sites.skip(E, Name, SkipReason::UsingDeclaredFromUnnamedNamespace);
        return true;
      }
      Qualifier = *Scope;
    }
    std::string TemplateArgs;
    if (DRE->hasExplicitTemplateArgs())
      TemplateArgs = Sites.sourceText(SourceRange(DRE->getLAngleLoc(), DRE->getRAngleLoc()));
    else if (sharesNameWithTemplate(FD)) TemplateArgs = SlotContextArgument;
    std::string TwinCallee = Qualifier + TUEnv::twinName(FD) + TemplateArgs;
    const char* Slot = twinSlot(TemplateArgs);
    P.Twins.push_back([TwinCallee, Slot](const std::vector<std::string>& U) {
      return TwinCallee + "(" + withTwinSlot(Slot, U) + ")";
    });
    P.ExternalKey = Env.externalTwinKey(FD, File);
    TwinName = TwinCallee;
  }
  // Named as written, by the lookup that found FD (not through a
  // using-declaration, which brings in FD but not its twin, nor by
  // argument-dependent lookup, which `&name` does not do).
  const auto* DRE = cast<DeclRefExpr>(Callee);
  // The name as written must mean FD alone where it is written, too: an
  // unnamed namespace's `tolower(const std::string&)` called from another
  // namespace is found beside <cctype>'s ::tolower (yaml-cpp).
  if (!Env.Tagging.twinSignaturesDiffer() && DRE->getFoundDecl() == FD && !E->usesADL() &&
      !DRE->hadMultipleCandidates() && !DRE->hasExplicitTemplateArgs() && namedByAddress(FD, E)) {
    // A function of the global namespace that shares its name with one of
    // the C library (clang knows the name as a library builtin: re2's
    // `static int round(int)`): the runtime's headers declare that one in
    // the rewritten unit though the original included no <cmath>, and
    // `&round` would name two functions. It is named by its type.
    bool CLibraryName = FD->getDeclContext()->getRedeclContext()->isTranslationUnit() && FD->getIdentifier() &&
                        FD->getIdentifier()->getBuiltinID() != 0;
    P.NamedCallee = CLibraryName ? "static_cast<" + Env.typeSpelling(Env.Ctx.getPointerType(FD->getType())) + ">(&" +
                                       CalleeText + ")"
                                 : "&" + CalleeText;
    if (!TwinName.empty()) P.NamedTwin = "&" + TwinName + siteContextArgument();
  }
  Sites.addSite(E, std::move(P));
  return true;
}

namespace {
/// Builtins that compute a value from their arguments alone, as a function
/// would: called from an invoker they do the same (the hooks see them as
/// primitives, as Cassette sees Julia's intrinsics). Not those that take a
/// constant argument, act on the caller's frame (alloca, va_start,
/// return_address), name the place they are written (__builtin_LINE) or
/// check their operand at compile time (constant_p, object_size).
bool valueBuiltin(llvm::StringRef Name) {
  static const llvm::Regex Value(
      "^__builtin_((clz|ctz|popcount|parity|ffs|clrsb)(l|ll)?|bswap(16|32|64)|bitreverse(8|16|32|64)|"
      "rotate(left|right)(8|16|32|64)|l?l?abs|fabs[fl]?|sqrt[fl]?|copysign[fl]?|fmax[fl]?|fmin[fl]?|"
      "mem(cpy|move|set|cmp|chr)|str(len|cmp|ncmp|chr|rchr))$");
  return Value.match(Name);
}
}  // namespace

/// A call of a compiler builtin. `__builtin_expect(e, c)` (a hint) becomes
/// the call of the builtin with the hint kept around it, so the branch that
/// tests it is still weighted: `__builtin_expect(call(..., e), c)`, c as
/// written (it must be a constant).
bool CallSites::builtinCall(CallExpr* E, const FunctionDecl* FD) {
  std::string Name = Env.calleeName(FD);
  llvm::ArrayRef<const Expr*> Args(E->getArgs(), E->getNumArgs());
  bool Hint = FD->getName() == "__builtin_expect" || FD->getName() == "__builtin_expect_with_probability";
  if (Env.Tagging.builtinsRunAsWritten() || (!Hint && !valueBuiltin(FD->getName()))) {
    Sites.Tagging.plainArguments(FD, Args);
    Sites.skip(E, Name, SkipReason::CompilerBuiltin);
    return true;
  }
  CallPlan P;
  P.Kind = "builtin";
  P.Identity = Env.identity(FD);
  WhyNot Why;
  if (!Sites.classifyArgs(Args, P.Args, Why)) {
    Sites.skip(E, Name, Why);
    return true;
  }
  std::vector<std::string> Constants;
  if (Hint)
    for (size_t I = 1; I < P.Args.size(); ++I) {
      P.Args[I].How = Arg::Inline;
      P.Args[I].Fixed = Edits.text(P.Args[I].Range).str();
      Constants.push_back(P.Args[I].Fixed);
    }
  std::string Builtin = FD->getName().str();
  P.Orig = [Builtin](const std::vector<std::string>& U) { return Builtin + "(" + join(U) + ")"; };
  // The hint around the hooked call: a wrap of the site's range.
  if (Hint)
    if (std::optional<ByteRange> R = Sites.siteRange(E)) Edits.wrap(*R, Builtin + "(", ", " + join(Constants) + ")");
  Sites.addSite(E, std::move(P));
  return true;
}

bool CallSites::objectArgument(const Expr* BaseE, bool IsArrow, bool Implicit, Arg& Out, WhyNot& Why) {
  Out = Arg();
  if (Implicit || !BaseE) {
    Out.Fixed = "*this";
    return true;
  }
  if (const auto* This = dyn_cast<CXXThisExpr>(BaseE->IgnoreParenImpCasts()); This && This->isImplicit()) {
    Out.Fixed = "*this";
    return true;
  }
  // `sp->f()` calls sp.operator->() first; keep that call as written. An
  // operator-> returning a class (a proxy) is followed by that class's
  // operator->, one `->` in the text for the whole chain (yaml-cpp's
  // `it->as<int>()`): each is spelled as its call.
  const Expr* Obj = BaseE;
  unsigned ArrowOperators = 0;
  while (IsArrow) {
    // (IgnoreImplicit also passes the temporary of a proxy that has a destructor.)
    const auto* Arrow = dyn_cast<CXXOperatorCallExpr>(Obj->IgnoreImplicit()->IgnoreParenImpCasts());
    if (!Arrow || Arrow->getOperator() != OO_Arrow) break;
    Obj = Arrow->getArg(0);
    ++ArrowOperators;
  }
  std::optional<ByteRange> R = Env.fileRange(Obj->getSourceRange(), File);
  if (!R) {
    Why = SkipReason::ObjectPartlyInMacro;
    return false;
  }
  Out.E = Obj;
  Out.Range = *R;
  if (ArrowOperators) {
    Out.Prefix = "*(" + std::string(ArrowOperators, '(');
    for (unsigned I = 0; I < ArrowOperators; ++I) Out.Postfix += ").operator->()";
    Out.Postfix += ")";
  } else if (IsArrow) {
    Out.Prefix = "*(";
    Out.Postfix = ")";
  }
  return true;
}

bool CallSites::memberCall(CallExpr* E, const Expr* Callee) {
  if (const auto* ME = dyn_cast<MemberExpr>(Callee)) {
    const auto* MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!MD) return indirectCall(E);  // a data member holding a callable
    if (const auto* CD = dyn_cast<CXXConversionDecl>(MD);
        CD && ME->getOperatorLoc().isInvalid() && !ME->isImplicitAccess())
      return Conversions.implicitConversion(E, ME, CD);
    return resolvedMemberCall(E, ME, MD);
  }
  return dependentMemberCall(E, Callee);
}

bool CallSites::resolvedMemberCall(CallExpr* E, const MemberExpr* ME, const CXXMethodDecl* MD) {
  WhyNot Why;
  CallPlan P;
  P.Kind = "member function";
  Arg Self;
  std::string Name = Env.calleeName(MD);
  if (TUEnv::decidedAtTheCall(MD)) {
    Sites.skip(E, Name, SkipReason::CalleeDecidedAtTheCall);
    return true;
  }
  // An explicit destructor call `p->~T()` is hooked like any member call;
  // destructors have no twins, so it runs as a primitive.
  if (!objectArgument(ME->getBase(), ME->isArrow(), ME->isImplicitAccess(), Self, Why)) {
    Sites.skip(E, Name, Why);
    return true;
  }
  SourceLocation NameBegin = ME->getQualifierLoc() ? ME->getQualifierLoc().getBeginLoc() : ME->getMemberLoc();
  std::optional<ByteRange> NameRange = Env.fileRange(SourceRange(NameBegin, ME->getEndLoc()), File);
  if (!NameRange) {
    Sites.skip(E, Name, SkipReason::MemberNamePartlyInMacro);
    return true;
  }
  std::string MemberText = Edits.text(*NameRange).str();
  // The invoker's object is dependent: `.template` before template
  // arguments, unless the copied text has it (after a qualifier: `x.Q::template f<T>`;
  // fmt's `loc.template get<std::locale>()` has it before the copied name).
  bool KeywordCopied = ME->hasTemplateKeyword() && ME->getQualifierLoc();
  std::string Dot = ME->hasExplicitTemplateArgs() && !KeywordCopied ? ".template " : ".";
  // After a qualifier the keyword goes before the name: `x.Q::template f<T>`.
  if (ME->getQualifierLoc() && Dot != ".")
    if (std::optional<ByteRange> Q = Env.fileRange(ME->getQualifierLoc().getSourceRange(), File);
        Q && Q->Begin == NameRange->Begin && Q->End <= NameRange->End) {
      MemberText = Edits.text(*Q).str() + "template " + Edits.text(ByteRange{Q->End, NameRange->End}).ltrim().str();
      Dot = ".";
    }
  P.Identity = Env.identity(MD);
  P.FormatCall = MD->hasAttr<FormatAttr>();
  P.Args.push_back(Self);
  P.FirstSequenced = true;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    Sites.skip(E, Name, Why);
    return true;
  }
  P.Orig = [MemberText, Dot](const std::vector<std::string>& U) {
    return U[0] + Dot + MemberText + "(" + join(U, 1) + ")";
  };
  bool VirtualDispatch =
      MD->isVirtual() && !ME->hasQualifier() && !MD->hasAttr<FinalAttr>() && !MD->getParent()->hasAttr<FinalAttr>();
  if (VirtualDispatch) {
    P.Kind = "virtual call";
    if (Env.hasVirtualThunk(MD) && TUEnv::thunkTakesCall(E, MD)) {
      std::string Thunk = TUEnv::thunkName(MD);
      P.Twins.push_back([Thunk](const std::vector<std::string>& U) {
        return U[0] + "." + Thunk + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + ")";
      });
    } else if (Env.hasVirtualThunk(MD)) {
      Sites.skip(E, Name, SkipReason::VirtualCallWithDefaultArguments);
    }
  } else if (Env.reachesTwin(MD, File) && !isa<CXXDestructorDecl>(MD)) {
    // (A destructor's twin runs its body only: `p->~T()` runs the destructor.)
    memberTwin(P, ME, MD, Dot);
  }
  namedMember(P, E, ME, MD);
  if (!VirtualDispatch && !ME->hasQualifier() && !ME->hasExplicitTemplateArgs() && ME->getFoundDecl().getDecl() == MD)
    calledByClass(P, E, objectType(ME), MD);
  Sites.addSite(E, std::move(P));
  return true;
}

/// A call `obj.f(args)` of a member function that is not virtual, named by
/// its class (`&C::f`, CallPlan's NamedCallee) when the object is of the class
/// that declares f, as the call names it: the pointer to member calls
/// exactly what the call did.
void CallSites::namedMember(CallPlan& P, const CallExpr* E, const MemberExpr* ME, const CXXMethodDecl* MD) {
  if (Env.Tagging.twinSignaturesDiffer() || MD->isVirtual() || MD->isStatic() ||
      isa<CXXDestructorDecl, CXXConversionDecl>(MD) || ME->hasQualifier() || ME->hasExplicitTemplateArgs() ||
      ME->getFoundDecl().getDecl() != MD || !namedByAddress(MD, E))
    return;
  std::optional<std::string> Class = declaringClass(objectType(ME), MD);
  if (!Class) return;
  P.NamedCallee = "&" + *Class + "::" + MD->getNameAsString();
  P.NamedMember = true;
  if (!P.Twins.empty()) P.NamedTwin = "&" + *Class + "::" + TUEnv::twinName(MD) + siteContextArgument();
}

/// The class a call names its member by, as the site spells it: MD's own,
/// when the object (of type Object) is of that class and the class can be
/// named there. As written: `this->f()` for a base's f converts `this` to
/// the base, and `&Base::f` of a protected f cannot be named from the
/// derived class.
std::optional<std::string> CallSites::declaringClass(QualType Object, const CXXMethodDecl* MD) {
  const CXXRecordDecl* RD = MD->getParent();
  const CXXRecordDecl* Naming = Object.isNull() ? nullptr : Object->getAsCXXRecordDecl();
  if (!Naming || Naming->getCanonicalDecl() != RD->getCanonicalDecl()) return std::nullopt;
  std::string Class = Env.typeSpelling(Env.Ctx.getRecordType(RD));
  if (!nameableClass(RD, Class)) return std::nullopt;
  return Class;
}

/// A call `obj.f(args)` (or `a == b` of a member operator) of a member
/// function whose class declares the callers of f (MemberCallers.h), on an
/// object of that class, Object: overloads and default arguments resolve in
/// the callers' calls as they did here (not one that names its place,
/// evaluated there).
void CallSites::calledByClass(CallPlan& P, const CallExpr* E, QualType Object, const CXXMethodDecl* MD) {
  if (Env.Tagging.twinSignaturesDiffer() || P.Twins.size() > 1 || P.FormatCall) return;
  // In a template the class is spelled with its parameters, which the site may not name.
  if (MD->isDependentContext() || E->isInstantiationDependent()) return;
  // A default argument `std::source_location::current()`, or an argument
  // converted by a constructor that takes one, evaluated in the caller would
  // name the caller's place, not the site's.
  if (llvm::any_of(E->arguments(), [](const Expr* A) { return namesItsPlace(A); })) return;
  if (!hasMemberCallers(Env, MD->getParent(), MD->getDeclName())) return;
  std::optional<std::string> Class = declaringClass(Object, MD);
  if (!Class) return;
  P.CallersClass = *Class;
  P.CallersName = callersSuffix(MD->getDeclName());
}

/// The twin a resolved non-virtual member call reaches: `obj.Q::cassette_twin_f<A>(t, ...)`.
void CallSites::memberTwin(CallPlan& P, const MemberExpr* ME, const CXXMethodDecl* MD, const std::string& Dot) {
  std::string Qualifier = ME->getQualifierLoc() ? Sites.sourceText(ME->getQualifierLoc().getSourceRange()) : "";
  // Found through `using Base::f;` in a class with an f of its own (fmt's
  // basic_memory_buffer::append), also under a qualifier that names that
  // class (qhull's `QhullSet<QhullFacet>::count()`): the class's own twins
  // hide the base's, which the using-declaration does not bring in: named
  // in its class (a qualified call, not virtual, either way).
  if (isa<UsingShadowDecl>(ME->getFoundDecl().getDecl()) && !MD->getParent()->isDependentContext())
    Qualifier = Env.typeSpelling(Env.Ctx.getRecordType(MD->getParent())) + "::";
  std::string TemplateArgs;
  if (ME->hasExplicitTemplateArgs())
    TemplateArgs = Sites.sourceText(SourceRange(ME->getLAngleLoc(), ME->getRAngleLoc()));
  std::string TwinDot = Dot;
  if (TemplateArgs.empty() && sharesNameWithTemplate(MD)) {
    TemplateArgs = SlotContextArgument;
    TwinDot = ".template ";
  }
  // The invoker's object is dependent: template arguments need `template`,
  // which a qualified name takes after its qualifier (`obj.::N::C::template f<...>`).
  if (!Qualifier.empty() && !TemplateArgs.empty()) {
    TwinDot = ".";
    Qualifier += "template ";
  }
  std::string TwinMember = Qualifier + TUEnv::twinName(MD) + TemplateArgs;
  const char* Slot = twinSlot(TemplateArgs);
  P.Twins.push_back([TwinMember, TwinDot, Slot](const std::vector<std::string>& U) {
    return U[0] + TwinDot + TwinMember + "(" + withTwinSlot(Slot, U, 1) + ")";
  });
  P.Callee = MD;
  P.FirstParamArg = 1;
  P.ExternalKey = Env.externalTwinKey(MD, File);
}

// Where a dependent name ends: clang's getEndLoc() for these is the name's
// first token, which for `base::operator()(v)` (fmt's printf_arg_formatter)
// is `operator`, not the `)` of its name.
static SourceLocation dependentNameEnd(const Expr* Callee) {
  if (const auto* D = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    return D->hasExplicitTemplateArgs() ? D->getRAngleLoc() : D->getMemberNameInfo().getEndLoc();
  if (const auto* D = dyn_cast<DependentScopeDeclRefExpr>(Callee))
    return D->hasExplicitTemplateArgs() ? D->getRAngleLoc() : D->getNameInfo().getEndLoc();
  return Callee->getEndLoc();
}

/// A member call whose object type depends on a template parameter.
bool CallSites::dependentMemberCall(CallExpr* E, const Expr* Callee) {
  WhyNot Why;
  CallPlan P;
  Arg Self;
  const Expr* BaseE = nullptr;
  bool IsArrow = false, Implicit = false, HasTemplateArgs = false, HasTemplateKeyword = false;
  SourceLocation NameBegin, NameLoc;
  std::string Name;
  if (const auto* D = dyn_cast<CXXDependentScopeMemberExpr>(Callee)) {
    BaseE = D->isImplicitAccess() ? nullptr : D->getBase();
    IsArrow = D->isArrow();
    Implicit = D->isImplicitAccess();
    HasTemplateArgs = D->hasExplicitTemplateArgs();
    HasTemplateKeyword = D->hasTemplateKeyword();
    NameLoc = D->getMemberLoc();
    NameBegin = D->getQualifierLoc() ? D->getQualifierLoc().getBeginLoc() : NameLoc;
    Name = D->getMember().getAsString();
  } else {
    const auto* U = cast<UnresolvedMemberExpr>(Callee);
    BaseE = U->isImplicitAccess() ? nullptr : U->getBase();
    IsArrow = U->isArrow();
    Implicit = U->isImplicitAccess();
    HasTemplateArgs = U->hasExplicitTemplateArgs();
    HasTemplateKeyword = U->hasTemplateKeyword();
    NameLoc = U->getMemberLoc();
    NameBegin = U->getQualifierLoc() ? U->getQualifierLoc().getBeginLoc() : NameLoc;
    Name = U->getMemberName().getAsString();
    if (const CXXRecordDecl* RD = U->getNamingClass()) Name = Env.calleeName(RD) + "::" + Name;
  }
  if (!objectArgument(BaseE, IsArrow, Implicit, Self, Why)) {
    Sites.skip(E, Name, Why);
    return true;
  }
  std::optional<ByteRange> NameRange = Env.fileRange(SourceRange(NameBegin, dependentNameEnd(Callee)), File);
  if (!NameRange) {
    Sites.skip(E, Name, SkipReason::MemberNamePartlyInMacro);
    return true;
  }
  std::string MemberText = Edits.text(*NameRange).str();
  bool KeywordCopied = HasTemplateKeyword && NameBegin != NameLoc;  // after a qualifier, in the text
  std::string Dot = HasTemplateArgs && !KeywordCopied ? ".template " : ".";
  P.Kind = "dependent member call";
  P.Identity = Env.identity(Name, NameLoc);
  P.Args.push_back(Self);
  P.FirstSequenced = true;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why,
                          dyn_cast<UnresolvedMemberExpr>(Callee))) {
    Sites.skip(E, Name, Why);
    return true;
  }
  P.Orig = [MemberText, Dot](const std::vector<std::string>& U) {
    return U[0] + Dot + MemberText + "(" + join(U, 1) + ")";
  };
  // Resolved per instantiation: a virtual thunk first, then a twin.
  std::string Ident = TUEnv::twinSuffix(isa<CXXDependentScopeMemberExpr>(Callee)
                                            ? cast<CXXDependentScopeMemberExpr>(Callee)->getMember()
                                            : cast<UnresolvedMemberExpr>(Callee)->getMemberName());
  if (!Ident.empty() && !HasTemplateArgs) {
    P.Twins.push_back([Ident](const std::vector<std::string>& U) {
      return U[0] + ".cassette_virtual_" + Ident + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + ")";
    });
    P.Twins.push_back([Ident](const std::vector<std::string>& U) {
      return U[0] + ".cassette_twin_" + Ident + "(" + withTwinSlot("cassette_t", U, 1) + ")";
    });
    P.Guarded = true;
  }
  Sites.addSite(E, std::move(P));
  return true;
}

bool CallSites::dependentCall(CallExpr* E, const Expr* Callee) {
  std::optional<ByteRange> CalleeRange =
      Env.fileRange(SourceRange(Callee->getBeginLoc(), dependentNameEnd(Callee)), File);
  DeclarationName DN;
  NestedNameSpecifierLoc Q;
  bool HasTemplateArgs = false;
  SourceLocation NameLoc;
  if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    DN = U->getName();
    Q = U->getQualifierLoc();
    HasTemplateArgs = U->hasExplicitTemplateArgs();
    NameLoc = U->getNameLoc();
  } else {
    const auto* D = cast<DependentScopeDeclRefExpr>(Callee);
    DN = D->getDeclName();
    Q = D->getQualifierLoc();
    HasTemplateArgs = D->hasExplicitTemplateArgs();
    NameLoc = D->getLocation();
  }
  std::string Qualifier = Q ? Sites.sourceText(Q.getSourceRange()) : "";
  std::string Name = Qualifier + DN.getAsString();
  if (!CalleeRange) {
    Sites.skip(E, Name, SkipReason::CalleePartlyInMacro);
    return true;
  }
  CallPlan P;
  P.Kind = "dependent call";
  P.Identity = Env.identity(Name, NameLoc);
  WhyNot Why;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why,
                          dyn_cast<UnresolvedLookupExpr>(Callee))) {
    Sites.skip(E, Name, Why);
    return true;
  }
  std::string CalleeText = Edits.text(*CalleeRange).str();
  P.Orig = [CalleeText](const std::vector<std::string>& U) { return CalleeText + "(" + join(U) + ")"; };
  // A name qualified by a namespace, or by a class that is no template
  // parameter's (gmock's `::testing::internal::ThisRefAdjuster<int>::Adjust`
  // in MOCK_METHOD), is looked up when the template is defined: a twin name
  // there must exist, so offer one only if a candidate the lookup found has
  // a twin (`std::swap` has none). Nor, qualified or not, where the lookup
  // found candidates with twins and candidates without: the original may
  // pick one without where the twins' call, among twins only, would pick
  // another's twin (glm's `fmin(a, b)` beside its `using std::fmin;`:
  // std::fmin(float, float), a function, beats glm's template). An
  // unqualified name whose candidates all lack twins keeps its twin call,
  // which finds twins by ADL only (`using std::swap; swap(a, b);`).
  bool LookedUpWhenDefined = false, SomeCandidateTwinned = false, SomeCandidateUntwinned = false;
  if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    if (const NestedNameSpecifier* NNS = U->getQualifier()) {
      NestedNameSpecifier::SpecifierKind K = NNS->getKind();
      LookedUpWhenDefined = K == NestedNameSpecifier::Namespace || K == NestedNameSpecifier::NamespaceAlias ||
                            K == NestedNameSpecifier::Global ||
                            ((K == NestedNameSpecifier::TypeSpec || K == NestedNameSpecifier::TypeSpecWithTemplate) &&
                             !NNS->isDependent());
    }
    for (const NamedDecl* D : U->decls()) {
      const FunctionDecl* FD = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
      if (const auto* FT = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl())) FD = FT->getTemplatedDecl();
      if (!FD || FD->isDeleted()) continue;  // a deleted one is never the one called
      bool Twinned = Env.twinnable(FD);
      SomeCandidateTwinned |= Twinned;
      SomeCandidateUntwinned |= !Twinned;
    }
  }
  std::string Ident = TUEnv::twinSuffix(DN);
  if ((LookedUpWhenDefined && !SomeCandidateTwinned) || (SomeCandidateTwinned && SomeCandidateUntwinned)) Ident.clear();
  if (!Ident.empty()) {
    std::string TemplateArgs;
    if (const auto* U = dyn_cast<UnresolvedLookupExpr>(Callee); U && HasTemplateArgs)
      TemplateArgs = Sites.sourceText(SourceRange(U->getLAngleLoc(), U->getRAngleLoc()));
    else if (const auto* D = dyn_cast<DependentScopeDeclRefExpr>(Callee); D && HasTemplateArgs)
      TemplateArgs = Sites.sourceText(SourceRange(D->getLAngleLoc(), D->getRAngleLoc()));
    // `Factory::template create<Sink>(...)` (spdlog): a member of a
    // dependent class named with template arguments needs `template`.
    std::string Keyword = isa<DependentScopeDeclRefExpr>(Callee) && HasTemplateArgs ? "template " : "";
    std::string TwinCallee = Qualifier + Keyword + "cassette_twin_" + Ident + TemplateArgs;
    P.Twins.push_back([TwinCallee](const std::vector<std::string>& U) {
      return TwinCallee + "(" + withTwinSlot("cassette_t", U) + ")";
    });
    P.Guarded = true;
  }
  Sites.addSite(E, std::move(P));
  return true;
}

bool CallSites::indirectCall(CallExpr* E) {
  CallPlan P;
  P.Kind = "indirect call";
  Location L = Env.location(E->getBeginLoc());
  P.Identity =
      "::cassette::indirect(" + quoted(L.File) + ", " + std::to_string(L.Line) + ", " + std::to_string(L.Column) + ")";
  WhyNot Why;
  Arg Fn;
  if (!Sites.classify(E->getCallee(), Fn, Why, /*AllowInline=*/false)) {
    Sites.skip(E, "indirect call", Why);
    return true;
  }
  P.Args.push_back(Fn);
  P.FirstSequenced = true;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    Sites.skip(E, "indirect call", Why);
    return true;
  }
  P.Orig = [](const std::vector<std::string>& U) { return U[0] + "(" + join(U, 1) + ")"; };
  Sites.addSite(E, std::move(P));
  return true;
}

bool CallSites::memberPointerCall(CallExpr* E, const BinaryOperator* B) {
  // `(o.*dm)(x)`, dm a data member holding a function pointer: an indirect call.
  if (!B->isTypeDependent() && !B->getType()->isSpecificPlaceholderType(BuiltinType::BoundMember))
    return indirectCall(E);
  const char* What = "call through a pointer to member";
  bool Arrow = B->getOpcode() == BO_PtrMemI;
  // `x->*pm` on a class type is an overloaded operator->* once instantiated.
  if (Arrow && !B->getLHS()->getType()->isPointerType()) {
    Sites.skip(E, What, SkipReason::MemberPointerOnDependentObject);
    return true;
  }
  CallPlan P;
  P.Kind = "member pointer call";
  Location L = Env.location(E->getBeginLoc());
  P.Identity = "::cassette::member_pointer(" + quoted(L.File) + ", " + std::to_string(L.Line) + ", " +
               std::to_string(L.Column) + ")";
  WhyNot Why;
  Arg Self, Pm;
  if (!objectArgument(B->getLHS(), Arrow, /*Implicit=*/false, Self, Why) || !Sites.classify(B->getRHS(), Pm, Why)) {
    Sites.skip(E, What, Why);
    return true;
  }
  // `&C::f` written as the operand is a member pointer prvalue: forwarded.
  if (Pm.How == Arg::Inline) {
    const auto* U = dyn_cast<UnaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!U || U->getOpcode() != UO_AddrOf || isa<OverloadExpr>(U->getSubExpr()->IgnoreParens())) {
      Sites.skip(E, What, SkipReason::MemberPointerNotForwardable);
      return true;
    }
    Pm.How = Arg::Forward;
  }
  P.Args.push_back(Self);
  P.Args.push_back(Pm);
  P.FirstSequenced = true;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), E->getNumArgs()), P.Args, Why)) {
    Sites.skip(E, What, Why);
    return true;
  }
  P.Orig = [](const std::vector<std::string>& U) { return "(" + U[0] + ".*" + U[1] + ")(" + join(U, 2) + ")"; };
  Sites.addSite(E, std::move(P));
  return true;
}

// Whether RD or one of its bases declares an operator of kind K.
static bool hasMemberOperator(const CXXRecordDecl* RD, OverloadedOperatorKind K) {
  if (!RD || !(RD = RD->getDefinition())) return false;
  if (!RD->lookup(RD->getASTContext().DeclarationNames.getCXXOperatorName(K)).empty()) return true;
  return llvm::any_of(
      RD->bases(), [K](const CXXBaseSpecifier& B) { return hasMemberOperator(B.getType()->getAsCXXRecordDecl(), K); });
}

bool CallSites::operatorCall(CXXOperatorCallExpr* E, const Expr* Site) {
  if (!Site) Site = E;
  OverloadedOperatorKind K = E->getOperator();
  if (K == OO_Arrow) return true;  // part of `->`, kept with the member access
  const FunctionDecl* FD = E->getDirectCallee();
  const char* Spelling = getOperatorSpelling(K);
  std::string Name = FD ? Env.calleeName(FD) : std::string("operator") + Spelling;
  bool Postfix = (K == OO_PlusPlus || K == OO_MinusMinus) && E->getNumArgs() == 2;
  unsigned NumArgs = Postfix ? 1 : E->getNumArgs();

  CallPlan P;
  P.Kind = "overloaded operator";
  WhyNot Why;
  if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(E->getArgs(), NumArgs), P.Args, Why)) {
    Sites.skip(Site, Name, Why);
    return true;
  }
  if (P.Args.empty()) return true;
  // `m[k] = m.size()`, `s[i()] = f()`: C++17 evaluates an assignment's right
  // operand first, also an overloaded one written as an operator.
  P.RightFirst = Sites.assignmentRightFirst(K, llvm::ArrayRef<const Expr*>(E->getArgs(), NumArgs));
  P.FirstSequenced = NumArgs >= 2 && SiteCollector::leftOperandSequenced(K);
  std::string Sym = Spelling;
  P.Orig = [K, Sym, Postfix](const std::vector<std::string>& U) -> std::string {
    if (K == OO_Call) return U[0] + "(" + join(U, 1) + ")";
    if (K == OO_Subscript) return U[0] + "[" + join(U, 1) + "]";
    if (Postfix) return "(" + U[0] + ")" + Sym;
    if (U.size() == 1) return Sym + "(" + U[0] + ")";
    // `v = {x, 2}`: a braced list is only valid bare (`({...})` is a GNU
    // statement expression).
    bool Braced = llvm::StringRef(U[1]).ltrim().starts_with("{");
    return "(" + U[0] + ") " + Sym + (Braced ? " " + U[1] : " (" + U[1] + ")");
  };

  const Expr* Object = E->getArg(0)->IgnoreParenImpCasts();
  const CXXRecordDecl* ObjectClass = Object->getType()->getAsCXXRecordDecl();
  if (K == OO_Call && ObjectClass && ObjectClass->isLambda()) {
    P.Kind = "lambda call";
    Location L = Env.location(ObjectClass->getLocation());
    P.Identity =
        Env.identity("(lambda at " + L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ")",
                     ObjectClass->getLocation());
    Sites.addSite(Site, std::move(P));
    return true;
  }
  std::string Extra = Postfix ? ", 0" : "";
  if (!FD) {
    // Dependent operands: resolved per instantiation.
    P.Kind = "dependent operator";
    // A temporary that cannot be moved, as the left operand of a class with
    // a member operator of that kind (Catch2's `MessageBuilder(...) << msg`),
    // is passed as it is, made where the call is written: the member returns
    // a reference to it (`*this`), which must live to the end of the full
    // expression as in the original, not die with the invoker.
    if (P.Args[0].How == Arg::Inline && nonMovableTemporary(E->getArg(0)) && hasMemberOperator(ObjectClass, K))
      P.Args[0].How = Arg::Forward;
    P.Identity = Env.identity(Name, E->getOperatorLoc());
    std::string Kind = std::string("operator_") + TUEnv::operatorKindName(K);
    P.MemberOperatorTwin = mayHaveMemberTwin(E->getArg(0));
    if (P.MemberOperatorTwin)
      P.Twins.push_back([Kind, Extra](const std::vector<std::string>& U) {
        return U[0] + ".cassette_twin_" + Kind + "(" + withTwinSlot("cassette_t", U, 1) + Extra + ")";
      });
    P.Twins.push_back([Kind, Extra](const std::vector<std::string>& U) {
      return "cassette_twin_" + Kind + "(" + withTwinSlot("cassette_t", U) + Extra + ")";
    });
    P.TwinPreamble = Sites.memberOperatorShield(K);
    P.Guarded = true;
    P.OperatorOperands = true;
    Sites.addSite(Site, std::move(P));
    return true;
  }
  P.Identity = Env.identity(FD);
  operatorTwin(P, E, FD, Extra);
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && !Postfix)
    calledByClass(P, E, E->getArg(0)->IgnoreImpCasts()->getType(), MD);
  Sites.addSite(Site, std::move(P));
  return true;
}

namespace {
/// How a free operator's twin is named so that the call finds it as the
/// original call found the operator: hidden friends by argument-dependent
/// lookup (no qualifier), other operators by their namespace.
std::string freeOperatorQualifier(const FunctionDecl* FD) {
  if (FD->getFriendObjectKind() != Decl::FOK_None) return "";
  // An unnamed namespace has no name to qualify with, wherever it is on the
  // way (Catch2's `namespace { namespace CompilationTests { bool
  // operator==(int, foo); } }`): qualified lookup in the nearest named one
  // reaches it through its implicit using-directive, unless that namespace
  // declares such a name itself (lookup would stop there); then unqualified
  // lookup and ADL find it, as they found the operator.
  return TUEnv::namespaceQualifier(TUEnv::pattern(FD)).value_or("");
}
}  // namespace

/// The twin (or virtual thunk) a resolved overloaded operator reaches.
void CallSites::operatorTwin(CallPlan& P, const CXXOperatorCallExpr* E, const FunctionDecl* FD,
                             const std::string& Extra) {
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (MD->isVirtual() && Env.hasVirtualThunk(MD) && TUEnv::thunkTakesCall(E, MD)) {
      std::string Thunk = TUEnv::thunkName(MD);
      P.Twins.push_back([Thunk, Extra](const std::vector<std::string>& U) {
        return U[0] + "." + Thunk + "(" + withTwinSlot("::cassette::rt::erase(cassette_t)", U, 1) + Extra + ")";
      });
    } else if (!MD->isVirtual() && Env.reachesTwin(MD, File)) {
      std::string Twin = TUEnv::twinName(MD);
      P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
        return U[0] + "." + Twin + "(" + withTwinSlot("cassette_t", U, 1) + Extra + ")";
      });
      P.ExternalKey = Env.externalTwinKey(MD, File);
      // --tagging: overloads on arithmetic types (`t = 1ll`) resolve as for
      // plain values, the operand converted to its parameter's tagged type.
      P.Callee = MD;
      P.FirstParamArg = 1;
    }
  } else if (Env.reachesTwin(FD, File)) {
    std::string Qualifier = freeOperatorQualifier(FD), Twin = Qualifier + TUEnv::twinName(FD);
    P.Twins.push_back([Twin, Extra](const std::vector<std::string>& U) {
      return Twin + "(" + withTwinSlot("cassette_t", U) + Extra + ")";
    });
    if (Qualifier.empty()) P.TwinPreamble = Sites.memberOperatorShield(FD->getOverloadedOperator());
    P.ExternalKey = Env.externalTwinKey(FD, File);
    P.Callee = FD;
  }
}

}  // namespace cassette::rewrite

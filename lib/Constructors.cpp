// Constructor calls: `T(args)`, `T{args}`, a declaration `T x(args);`,
// a member initialiser `m(args)` and `new T(args)`. Each is one
// `cassette::rt::call` that returns the object as a prvalue, so the object is
// built in place (non-movable types keep working). Implicit constructions
// (conversions, copies of arguments) are not calls written in the source.
#include "Constructors.h"

#include "TwinMarkers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"

using namespace clang;

namespace cassette::rewrite {

namespace {
bool interceptable(const CXXConstructExpr* CE) {
  const CXXConstructorDecl* C = CE->getConstructor();
  return C && C->isUserProvided() && !CE->getType()->isArrayType();
}
const CXXConstructExpr* constructIn(const Expr* E) {
  if (!E) return nullptr;
  E = E->IgnoreImplicit();
  if (isa<CXXFunctionalCastExpr>(E)) return nullptr;  // has its own site
  return dyn_cast<CXXConstructExpr>(E);
}

// `std::pair(1, 2)`: the site spells a template whose arguments are
// deduced, which names no type as a template argument.
bool spellsDeducedType(const Expr* Site) {
  const TypeSourceInfo* Written = nullptr;
  if (const auto* T = dyn_cast<CXXTemporaryObjectExpr>(Site)) Written = T->getTypeSourceInfo();
  else if (const auto* F = dyn_cast<CXXFunctionalCastExpr>(Site)) Written = F->getTypeInfoAsWritten();
  return Written && Written->getType()->getContainedDeducedType();
}
}  // namespace

// Whether a construction with Ctor reaches its twin through the class's
// factory, cassette_construct_ (Twins.cpp): when the twin may be defined in
// another file (ExternalKey, whose marker says at the end whether any unit
// defined it), unless this unit sees an inline definition, which gets no
// factory and whose twin is defined beside it (yaml-cpp's `inline
// Node::Node(detail::node&, ...)` in impl.h, declared without `inline` in
// its class).
static bool throughFactory(const CXXConstructorDecl* Ctor, const std::string& ExternalKey) {
  const FunctionDecl* Def = nullptr;
  return !ExternalKey.empty() && !(Ctor->isDefined(Def) && Def->isInlined());
}

// Whether Ctor's class has a constructor template other than Ctor's own.
static bool otherConstructorTemplates(const CXXConstructorDecl* Ctor) {
  const FunctionTemplateDecl* Own = Ctor->getPrimaryTemplate();
  if (!Own) Own = Ctor->getDescribedFunctionTemplate();
  return llvm::any_of(Ctor->getParent()->decls(), [&](const Decl* D) {
    const auto* T = dyn_cast<FunctionTemplateDecl>(D);
    return T && isa<CXXConstructorDecl>(T->getTemplatedDecl()) &&
           T->getCanonicalDecl() != (Own ? Own->getCanonicalDecl() : nullptr);
  });
}

// A braced list for a constructor's initializer_list or reference parameter
// is made where the call is written and forwarded (its array lives as long
// as in the original). The invokers construct by overload resolution again,
// where a forwarded std::initializer_list, unlike a braced list, deduces a
// template's parameter: CLI11's `Transformer({{"one", "1"}}, CLI::ignore_case)`
// became ambiguous with its `template <class T, class F> Transformer(T, F)`.
// Where the class has such another constructor template, the list is written
// in the invokers as in the original (its array then lives through the
// construction, which copies it). So is a converted argument's temporary
// (convertedTemporary): forwarded as the parameter's type, it could pick a
// constructor template's `U&&` over the constructor the original chose.
static void relistWhereTemplatesCompete(const CXXConstructorDecl* Ctor, std::vector<CallArg>& Args) {
  if (!otherConstructorTemplates(Ctor)) return;
  for (CallArg& A : Args)
    if (A.ListTemporary || A.ConvertedTemporary) {
      A.Prefix.clear();
      A.Postfix.clear();
      if (A.ListTemporary) A.How = CallArg::Inline;
      A.ListTemporary = A.ConvertedTemporary = false;
    }
}

// Whether every constructor and conversion function that converts the
// argument E (to Written, as written) is public: rt::converted, which makes
// the conversion, is not in the scope of the call, which may have access to
// others (a member or a friend).
static bool publicConversion(const Expr* E, const Expr* Written) {
  auto Public = [](const Decl* D) { return D->getAccess() == AS_public || D->getAccess() == AS_none; };
  while (E && E != Written) {
    if (const auto* C = dyn_cast<CXXConstructExpr>(E)) {
      if (!Public(C->getConstructor())) return false;
      E = C->getNumArgs() ? C->getArg(0) : nullptr;
    } else if (const auto* M = dyn_cast<CXXMemberCallExpr>(E)) {
      if (!M->getMethodDecl() || !Public(M->getMethodDecl())) return false;
      E = M->getImplicitObjectArgument();
    } else if (const auto* ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase();
    } else {
      // Implicit casts, temporaries, cleanups: clang's own single step.
      const Expr* Inner = IgnoreImplicitSingleStep(const_cast<Expr*>(E));
      if (Inner == E) return true;
      E = Inner;
    }
  }
  return true;
}

// The twin constructor's call adds the context slot in front, so a
// constructor template of the class that deduces its first parameter
// (glm's `template <typename A, typename B> vec(A x, B y)`) takes it exactly,
// and wins over the twin wherever the twin needs a conversion of another
// argument (`vec2<float> v(n)`: int to float through `explicit vec2(T)`; a
// `const char*` for a `const Name&`). Where the class has another
// constructor template, an argument is passed to the twin as its
// parameter's type, as the call converts it: a reference parameter's
// binding (a temporary where the call makes one), a scalar's conversion.
// Both constructors then take every argument exactly, and the twin is more
// specialized. A parameter of class type taken by value is initialised
// from `rt::converted<T>(arg)`, which converts as the call does, with no
// copy more. What opens each argument's cast (closed by `)`); empty: none.
std::vector<std::string> ConstructorSites::argumentsAsParameters(const CXXConstructorDecl* Ctor,
                                                                 llvm::ArrayRef<const Expr*> Args) const {
  std::vector<std::string> Out(Args.size());
  if (!otherConstructorTemplates(Ctor)) return Out;
  for (size_t I = 0; I < Args.size() && I < Ctor->getNumParams(); ++I) {
    // Canonical: a typedef or a template's default argument as written
    // (glm's `qualifier Q = defaultp`) may name what only its scope sees.
    QualType Param = Ctor->getParamDecl(I)->getType().getCanonicalType();
    const Expr* A = Args[I];
    if (!A || isa<CXXDefaultArgExpr>(A) || A->isTypeDependent() || Param->isDependentType()) continue;
    const Expr* Written = A->IgnoreUnlessSpelledInSource();
    QualType Arg = Written->getType().getCanonicalType();
    if (Param->isReferenceType()) {
      // Cast unless the reference binds the argument as it is (its type, its
      // cv-qualifiers, its value category): a template's `U&&` binds a
      // non-const lvalue or an rvalue better than `const T&` does (a
      // `S b(a)` through `S(const S&)` beside `template <class... U> S(U&&...)`).
      if (!(Arg == Param.getNonReferenceType() && Param->isLValueReferenceType() == Written->isLValue()))
        Out[I] = "static_cast<" + Env.typeSpelling(Param) + ">(";
    } else if (Env.Ctx.hasSameUnqualifiedType(Arg, Param)) {
      continue;
    } else if (Param->isScalarType()) {
      Out[I] = "static_cast<" + Env.typeSpelling(Param.getUnqualifiedType()) + ">(";
    } else if (const auto* RD = Param->getAsCXXRecordDecl();
               RD && RD->hasDefinition() && !RD->isAbstract() && publicConversion(A, Written)) {
      Out[I] = "::cassette::rt::converted<" + Env.typeSpelling(Param.getUnqualifiedType()) + ">(";
    }
  }
  return Out;
}

// The twin call's arguments U cast as argumentsAsParameters says (a braced
// list, written as it was, has no type to cast).
static void castAsParameters(std::vector<std::string>& U, const std::vector<std::string>& AsParameter) {
  for (size_t I = 0; I < U.size() && I < AsParameter.size(); ++I)
    if (!AsParameter[I].empty() && !llvm::StringRef(U[I]).ltrim().starts_with("{")) U[I] = AsParameter[I] + U[I] + ")";
}

bool ConstructorSites::constructSite(const CXXConstructExpr* CE, const Expr* Site, ByteRange Replace,
                                     std::string TypeText, bool WrapInParens) {
  const CXXConstructorDecl* Ctor = CE->getConstructor();
  std::string Name = Env.calleeName(Ctor);
  if (Sites.leaveAsWritten() || Ctor->isConsteval()) {
    Sites.skip(Site, Name, Ctor->isConsteval() ? SkipReason::ConstevalCall : Sites.asWrittenReason());
    return true;
  }
  if (!destroyableByRuntime(CE->getType())) {
    // `static const Registry instance;` in a member of a class whose
    // destructor is private: only the class may make the object.
    Sites.skip(Site, Name, SkipReason::ResultWithNonPublicDestructor);
    return true;
  }
  Sites.Handled.insert(CE);
  CallPlan P;
  P.Kind = "constructor";
  P.Identity = Env.identity(Ctor);
  // `Box(n)` deduces Box's arguments: the invokers deduce them the same way,
  // and their result is what they make.
  P.ResultType = spellsDeducedType(Site) ? "" : TypeText;
  bool Braced = CE->isListInitialization();
  bool InitializerList = false;
  for (const Expr* A : CE->arguments())
    if (isa<CXXStdInitializerListExpr>(A->IgnoreImplicit())) InitializerList = true;
  if (Braced && InitializerList) {
    // `T{1, 2, 3}` through an initializer_list constructor: the list stays
    // exactly as written (re-wrapping it would pick another constructor).
    std::optional<ByteRange> List = Sites.editable(CE->getParenOrBraceRange());
    if (!List) {
      Sites.skip(Site, Name, SkipReason::InitializerListInMacro);
      return true;
    }
    // Its inside only: the braces may be the very range this site replaces.
    ByteRange Inside{List->Begin + 1, List->End - 1};
    P.Orig = [this, TypeText, Inside](const std::vector<std::string>&) {
      return TypeText + "{" + Edits.render(Inside) + "}";
    };
    // The twin constructor takes the list as its initializer_list parameter.
    if (Env.reachesTwin(Ctor, File)) {
      P.Twins.push_back([this, TypeText, Inside](const std::vector<std::string>&) {
        return TypeText + "(cassette_t, {" + Edits.render(Inside) + "})";
      });
      P.ExternalKey = Env.externalTwinKey(Ctor, File);
    }
  } else {
    WhyNot Why;
    if (!Sites.classifyArgs(llvm::ArrayRef<const Expr*>(CE->getArgs(), CE->getNumArgs()), P.Args, Why)) {
      Sites.skip(Site, Name, Why);
      return true;
    }
    relistWhereTemplatesCompete(Ctor, P.Args);
    // `T{1, 1}` picked a constructor that is not an initializer-list one, so
    // `T(a0, a1)` picks the same; braces would make the forwarded arguments,
    // no longer constants, narrowing errors (int to double).
    std::string Open = "(", Close = ")";
    P.Orig = [TypeText, Open, Close](const std::vector<std::string>& U) { return TypeText + Open + join(U) + Close; };
    if (Ctor->getAccess() == AS_public && !P.ResultType.empty()) P.NamedConstructor = TypeText;
    if (Env.reachesTwin(Ctor, File)) {
      P.Callee = Ctor;
      P.ExternalKey = Env.externalTwinKey(Ctor, File);
      // Defined in another file: reached through its factory (Twins.cpp).
      bool Factory = throughFactory(Ctor, P.ExternalKey);
      std::vector<const Expr*> Written;
      for (const CallArg& A : P.Args) Written.push_back(A.E);
      std::vector<std::string> AsParameter = argumentsAsParameters(Ctor, Written);
      P.Twins.push_back([TypeText, Open, Close, Factory, AsParameter](std::vector<std::string> U) {
        castAsParameters(U, AsParameter);
        std::string Args = "cassette_t" + (U.empty() ? "" : ", " + join(U));
        return Factory ? TypeText + "::cassette_construct_(" + Args + ")" : TypeText + Open + Args + Close;
      });
      // Each twin call casts: no invoker shared with other sites.
      if (llvm::any_of(AsParameter, [](const std::string& T) { return !T.empty(); })) P.NamedConstructor.clear();
    }
  }
  Env.Rep.rewritten(P.Kind, Env.location(Site->getBeginLoc()));
  Edits.add(Replace, [this, P = std::move(P), WrapInParens] {
    std::string Call = Sites.emit(P);
    return WrapInParens ? "(" + Call + ")" : Call;
  });
  return true;
}

bool ConstructorSites::constructExpr(CXXConstructExpr* E) {
  Sites.Tagging.listIntoContainer(E);
  if (Sites.Handled.count(E) || !interceptable(E)) return true;
  auto* Temp = dyn_cast<CXXTemporaryObjectExpr>(E);
  if (!Temp) return true;  // declarations and member initialisers have their own visitors
  WhyNot Why = SkipReason::TypeInMacroBody;
  std::optional<ByteRange> R = Sites.siteRange(E, &Why);
  std::optional<ByteRange> T = Sites.editable(Temp->getTypeSourceInfo()->getTypeLoc().getSourceRange());
  if (!R || !T) {
    Sites.skip(E, Env.calleeName(E->getConstructor()), Why);
    return true;
  }
  return constructSite(E, E, *R, Edits.text(*T).str(), false);
}

bool ConstructorSites::functionalCast(CXXFunctionalCastExpr* E) {
  // `double(n)`: an arithmetic conversion, as static_cast<double>(n).
  if (!E->getType()->isRecordType() && !E->isListInitialization()) return Sites.Tagging.explicitCast(E), true;
  const auto* CE = dyn_cast<CXXConstructExpr>(E->getSubExpr()->IgnoreImplicit());
  if (!CE || Sites.Handled.count(CE) || !interceptable(CE)) return true;
  WhyNot Why = SkipReason::TypeInMacroBody;
  std::optional<ByteRange> R = Sites.siteRange(E, &Why);
  std::optional<ByteRange> T = Sites.editable(E->getTypeInfoAsWritten()->getTypeLoc().getSourceRange());
  if (!R || !T) {
    Sites.skip(E, Env.calleeName(CE->getConstructor()), Why);
    return true;
  }
  return constructSite(CE, E, *R, Edits.text(*T).str(), false);
}

bool ConstructorSites::variable(VarDecl* VD) {
  Sites.Tagging.volatileInitialiser(VD);
  const CXXConstructExpr* CE = constructIn(VD->getInit());
  if (!CE || Sites.Handled.count(CE) || isa<CXXTemporaryObjectExpr>(CE) || !interceptable(CE)) return true;
  if (VD->getType()->isReferenceType() || isa<ParmVarDecl>(VD)) return true;
  std::string Type = "std::remove_cv_t<decltype(" + VD->getNameAsString() + ")>";
  // A type its initialiser deduces (`std::span sp{arr};`, class template
  // argument deduction) cannot name the variable there: spelled as deduced,
  // canonical (a deduction guide's sugar names what only its scope sees:
  // std::span's `ranges::range_reference_t<R>`).
  if (const TypeSourceInfo* Written = VD->getTypeSourceInfo();
      Written && Written->getType()->getContainedDeducedType()) {
    Type = VD->getType()->isUndeducedType()
               ? ""
               : Env.accessibleTypeSpelling(VD->getType().getCanonicalType().getUnqualifiedType());
    if (Type.empty()) {
      Sites.skip(CE, Env.calleeName(CE->getConstructor()), SkipReason::DeducedTypeNotNameable);
      return true;
    }
  }
  SourceRange Parens = CE->getParenOrBraceRange();
  if (Parens.isValid()) {
    WhyNot Why;
    std::optional<ByteRange> R = Env.editableRange(Parens, File, &Why);
    if (!R) {
      Sites.skip(CE, Env.calleeName(CE->getConstructor()), Why);
      return true;
    }
    bool CopyInit = VD->getInitStyle() == VarDecl::CInit;  // `T x = {..}`
    return constructSite(CE, CE, *R, Type, !CopyInit);
  }
  // `T x = value;` converts implicitly (not a call written in the source);
  // its operand is rewritten on its own.
  if (CE->getNumArgs() > 0 && !isa<CXXDefaultArgExpr>(CE->getArg(0))) return true;
  // `T x;` calling a user-provided default constructor.
  std::optional<ByteRange> Name = Sites.editable(VD->getLocation());
  if (!Name) return true;
  return constructSite(CE, CE, ByteRange{Name->End, Name->End}, Type, true);
}

bool ConstructorSites::newExpr(CXXNewExpr* E) {
  Sites.Tagging.arraySize(E);  // a plain number
  const CXXConstructExpr* CE = E->getConstructExpr();
  if (!CE || !interceptable(CE) || E->isArray()) return true;
  std::string Name = "new " + Env.calleeName(CE->getConstructor()->getParent());
  if (Sites.Tagging.placementNew(E, Name)) return true;
  if (Sites.leaveAsWritten()) return true;
  WhyNot Why = SkipReason::TypeInMacroBody;
  std::optional<ByteRange> R = Sites.siteRange(E, &Why);
  std::optional<ByteRange> T = Sites.editable(E->getAllocatedTypeSourceInfo()->getTypeLoc().getSourceRange());
  if (!R || !T) {
    Sites.skip(E, Name, Why);
    return true;
  }
  Sites.Handled.insert(CE);
  CallPlan P;
  P.Kind = "new";
  P.Identity = Env.identity(Name, CE->getConstructor()->getLocation());
  // The placement arguments (`new (buf) T(x)`) come first: hooks see them.
  std::vector<const Expr*> Args(E->placement_arg_begin(), E->placement_arg_end());
  size_t NP = Args.size();
  Args.insert(Args.end(), CE->arg_begin(), CE->arg_end());
  if (!Sites.classifyArgs(Args, P.Args, Why) || (NP && P.Args.size() < NP)) {
    Sites.skip(E, Name, Why.empty() ? WhyNot(SkipReason::PlacementNewWithDefaultArguments) : Why);
    return true;
  }
  std::string Type = Edits.text(*T).str();
  // `new const T(...)` keeps its `const` (the TypeLoc's range leaves it out).
  std::string Allocated = Edits.text(Env.withLeadingQualifiers(*T, File)).str();
  // As in constructSite: the constructor is not an initializer-list one
  // (interceptable), so parentheses pick it too without narrowing checks.
  std::string Open = "(", Close = ")";
  std::string Global = E->isGlobalNew() ? "::" : "";
  auto NewOf = [Global, NP](const std::vector<std::string>& U) {
    if (!NP) return Global + "new ";
    return Global + "new (" + join(std::vector<std::string>(U.begin(), U.begin() + NP)) + ") ";
  };
  auto CtorArgs = [NP](const std::vector<std::string>& U) { return std::vector<std::string>(U.begin() + NP, U.end()); };
  P.Orig = [=](const std::vector<std::string>& U) { return NewOf(U) + Allocated + Open + join(CtorArgs(U)) + Close; };
  // A constructor defined in another file is reached through its class's
  // factory, which returns the object: that needs a public destructor
  // (leveldb's ref-counted MemTable has a private one). Then the call is
  // hooked but the constructor runs as written.
  bool ThroughFactory = throughFactory(CE->getConstructor(), Env.externalTwinKey(CE->getConstructor(), File));
  if (Env.reachesTwin(CE->getConstructor(), File) && ThroughFactory && !destroyableByRuntime(CE->getType()))
    Env.skipped(Name, SkipReason::NewWithPrivateDestructor, E->getBeginLoc());
  else if (Env.reachesTwin(CE->getConstructor(), File)) {
    const CXXConstructorDecl* C = CE->getConstructor();
    P.Callee = C;
    P.FirstParamArg = static_cast<unsigned>(NP);
    P.ExternalKey = Env.externalTwinKey(C, File);
    bool Factory = throughFactory(C, P.ExternalKey);
    std::vector<std::string> AsParameter =
        argumentsAsParameters(C, llvm::ArrayRef<const Expr*>(CE->getArgs(), CE->getNumArgs()));
    P.Twins.push_back([=](const std::vector<std::string>& U) {
      std::vector<std::string> A = CtorArgs(U);
      castAsParameters(A, AsParameter);
      std::string Args = "cassette_t" + (A.empty() ? "" : ", " + join(A));
      // The factory's prvalue initialises the new object in place.
      return NewOf(U) + Allocated +
             (Factory ? "(" + Type + "::cassette_construct_(" + Args + "))" : Open + Args + Close);
    });
  }
  Sites.addSite(E, std::move(P));
  return true;
}

// A specialisation of a class template declared outside --root
// (`std::basic_string<Char>(p, n)` in fmt's to_string): it has no twin
// constructors, and asking whether it has one checks its constructors
// against the context, which may instantiate a user type's constructor
// template that takes anything (fmt's test `custom_char(T val)`) and fails.
static bool outsideRootClassTemplate(TUEnv& Env, QualType T) {
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    const auto* TST = T->getAs<TemplateSpecializationType>();
    if (!TST) return false;
    if (const auto* CTD = dyn_cast_or_null<ClassTemplateDecl>(TST->getTemplateName().getAsTemplateDecl()))
      return !Env.inRoot(Env.SM.getFileLoc(CTD->getLocation()));
    if (!TST->isTypeAlias()) return false;
    T = TST->getAliasedType();
  }
  return false;
}

bool ConstructorSites::unresolvedConstruct(CXXUnresolvedConstructExpr* E) {
  if (Sites.leaveAsWritten()) return true;
  // An array's braced list with dependent elements (Catch2's `using
  // expander = int[]; (void)expander{(f(Types{}), 0)...};`): no constructor
  // runs, and a function cannot return an array. Its elements' calls are
  // sites of their own.
  if (QualType Written = E->getTypeAsWritten(); !Written->isDependentType() && Written->isArrayType()) return true;
  std::optional<ByteRange> T = Sites.editable(E->getTypeSourceInfo()->getTypeLoc().getSourceRange());
  if (!T) {
    Sites.skip(E, "constructor", SkipReason::TypeInMacroBody);
    return true;
  }
  std::string Type = Edits.text(*T).str();
  CallPlan P;
  P.Kind = "dependent constructor";
  P.Identity = Env.identity(Type, E->getBeginLoc());
  P.ResultType = Type;
  // A class completed after this template (re2's `Arg(std::forward<A>(a))...`
  // inside RE2, RE2::Arg defined after RE2): the original is checked when
  // instantiated, an invoker's written result type where it is written.
  if (QualType Written = E->getTypeAsWritten(); !Written->isDependentType())
    if (const auto* RD = Written->getAsCXXRecordDecl()) {
      const CXXRecordDecl* Def = RD->getDefinition();
      if (!Def || !Env.SM.isBeforeInTranslationUnit(Def->getLocation(), E->getBeginLoc()))
        P.ResultType.clear();  // decltype(auto): deduced when instantiated
    }
  WhyNot Why;
  bool Braced = E->isListInitialization();
  std::vector<const Expr*> Args(E->arg_begin(), E->arg_end());
  // `T{a, b}` holds its list as one argument: its elements are the arguments
  // (else `T{{a, b}}`, which initialises T's first member from the list).
  if (const auto* List = Braced && Args.size() == 1 ? dyn_cast<InitListExpr>(Args[0]) : nullptr)
    Args.assign(List->inits().begin(), List->inits().end());
  if (!Sites.classifyArgs(Args, P.Args, Why)) {
    Sites.skip(E, Type, Why);
    return true;
  }
  // An arithmetic constant in the list (`T{-1}`): an instance may narrow it,
  // which list-initialisation allows only from a constant (google
  // benchmark's `T{-1}` for int8_t). Forwarded it would be a variable;
  // written in the invoker it stays the constant.
  for (size_t I = 0; Braced && I < Args.size(); ++I) {
    const Expr* A = Args[I];
    if (P.Args[I].How != CallArg::Forward || !arithmeticConstant(A, Env.Ctx)) continue;
    if (!Sites.constantOperand(A, Why)) {
      Sites.skip(E, Type, Why);
      return true;
    }
    P.Args[I].How = CallArg::Inline;
  }
  std::string Open = Braced ? "{" : "(", Close = Braced ? "}" : ")";
  P.Orig = [=](const std::vector<std::string>& U) { return Type + Open + join(U) + Close; };
  if (!outsideRootClassTemplate(Env, E->getTypeAsWritten())) {
    P.Twins.push_back([=](const std::vector<std::string>& U) {
      return "::cassette::rt::construct_twin<" + Type + ", " + (Braced ? "true" : "false") + ">(cassette_t" +
             (U.empty() ? "" : ", " + join(U)) + ")";
    });
    P.Guarded = true;
  }
  Sites.addSite(E, std::move(P));
  return true;
}

namespace {
// An argument that may be evaluated twice without changing what the program
// does: a name, a literal, `this`, a member of one, its address, an element
// of a builtin array, a cast of one to a number, enum or pointer
// (muparserx's `IOprtBin(_T("="), (int)prASSIGN, oaLEFT)`).
bool simpleArgument(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (const auto* M = dyn_cast<MaterializeTemporaryExpr>(E)) return simpleArgument(M->getSubExpr());
  if (isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, CXXThisExpr>(E))
    return !E->getType().isVolatileQualified();
  if (const auto* M = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl, VarDecl>(M->getMemberDecl()) && simpleArgument(M->getBase());
  if (const auto* U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Minus) && simpleArgument(U->getSubExpr());
  if (const auto* C = dyn_cast<ExplicitCastExpr>(E))
    return isa<CStyleCastExpr, CXXStaticCastExpr, CXXFunctionalCastExpr>(C) && C->getType()->isScalarType() &&
           simpleArgument(C->getSubExpr());
  if (const auto* A = dyn_cast<ArraySubscriptExpr>(E))
    return simpleArgument(A->getBase()) && simpleArgument(A->getIdx());
  return false;
}
}  // namespace

// A base or delegating initialiser's twin call, `Base(cassette_t, args)`,
// has the context slot in front as a twin construction's does: its arguments
// are cast alike (argumentsAsParameters), as written where they are (not a
// braced list, not inside a macro).
void ConstructorSites::castArgumentsAsParameters(const CXXConstructExpr* CE) {
  std::vector<std::string> AsParameter =
      argumentsAsParameters(CE->getConstructor(), llvm::ArrayRef<const Expr*>(CE->getArgs(), CE->getNumArgs()));
  for (size_t I = 0; I < AsParameter.size(); ++I) {
    std::optional<ByteRange> R =
        AsParameter[I].empty() ? std::nullopt
                               : Env.fileRange(CE->getArg(I)->IgnoreUnlessSpelledInSource()->getSourceRange(), File);
    if (R && !Edits.text(*R).ltrim().starts_with("{")) Edits.wrap(*R, AsParameter[I], ")");
  }
}

std::optional<std::string> ConstructorSites::hookedBaseSlot(const CXXConstructExpr* CE) {
  std::string Args;
  for (const Expr* A : CE->arguments()) {
    if (isa<CXXDefaultArgExpr>(A)) break;
    // The argument as written (before conversions to the parameter's type);
    // a whole macro use too, copied as written (muparserx's `_T("real")`).
    const Expr* Written = A->IgnoreUnlessSpelledInSource();
    std::optional<ByteRange> R = Env.fileRange(Written->getSourceRange(), File);
    if (!simpleArgument(Written) || !R) return std::nullopt;
    Args += ", " + Edits.text(*R).str();
  }
  std::string Slot = "::cassette::rt::base_initialiser(" + std::string(CtxVar) + ", " +
                     Env.identity(CE->getConstructor()) + Args + ")";
  return otherConstructorTemplates(CE->getConstructor()) ? "::cassette::rt::base_slot(" + Slot + ")" : Slot;
}

void ConstructorSites::initializer(const CXXCtorInitializer* Init) {
  const CXXConstructExpr* CE = constructIn(Init->getInit());
  std::optional<ByteRange> Parens = Env.spelledRange(SourceRange(Init->getLParenLoc(), Init->getRParenLoc()), File);
  if (CE && Parens && (Init->isBaseInitializer() || Init->isDelegatingInitializer())) {
    // A base or delegated constructor cannot be replaced by a call that
    // returns an object; its twin is entered directly instead.
    const CXXConstructorDecl* Target = CE->getConstructor();
    if (Env.twinnable(Target)) {
      // Defaults a later declaration added, the twin has not: passed here.
      std::string LaterDefaults;
      for (const Expr* A : CE->arguments())
        if (const auto* D = dyn_cast<CXXDefaultArgExpr>(A); D && TUEnv::defaultArgumentAddedLater(D->getParam())) {
          std::string Value = Sites.defaultValueSpelling(D);
          if (Value.empty()) {  // left as written: the original runs
            Sites.Handled.insert(CE);
            Env.skipped(Env.calleeName(Target), SkipReason::DefaultArgumentAddedLater, Init->getSourceRange());
            return;
          }
          LaterDefaults += ", " + Value;
        }
      Sites.Handled.insert(CE);
      // A constructor that a later declaration gives its first default
      // would be a default constructor, which C++ forbids: LaterDefaults
      // follow written arguments.
      bool HasArgs = CE->getNumArgs() > 0 && !isa<CXXDefaultArgExpr>(CE->getArg(0));
      // Hooked when its arguments can be evaluated twice (for the hooks, and
      // for the constructor): names and literals.
      std::optional<SkipReason> Unhooked = Env.Tagging.baseInitialiserUnhooked();
      std::optional<std::string> Hooked = Unhooked ? std::nullopt : hookedBaseSlot(CE);
      std::string SlotExpr = Hooked ? *Hooked : std::string(CtxVar);
      std::string Slot = SlotExpr + (HasArgs ? ", " : "");
      if (Env.twinDefinedElsewhere(Target, File)) {
        // Defined in another file: its base-object variant exists only where
        // that file's anchor instantiates it for a registered context
        // (Twins.cpp); the run resolves the marker, else the original runs.
        std::string Name = Env.calleeName(Target);
        std::string Guarded = std::string("(::cassette::rt::require_registered<") + CtxParam + ">(), " + SlotExpr +
                              ")" + (HasArgs ? ", " : "");
        Slot = twinIfDefined(markerKey(TUEnv::baseObjectKey(Target), Name), Guarded, "");
        // A class with virtual bases: its delegating constructor's
        // complete-object variant runs the target's.
        const CXXRecordDecl* Class = Target->getParent();
        if (Init->isDelegatingInitializer() && Class->getNumVBases() > 0 && !Class->isAbstract())
          Slot = twinIfDefined(markerKey(TUEnv::definitionKey(Target), Name), Slot, "");
      }
      // Replaces the `(` itself: an insertion after it would also be inside
      // a rewritten first argument that begins there. A braced one stays
      // braced (spdlog's `: log_msg_buffer{m}`).
      std::string Open = Edits.text(ByteRange{Parens->Begin, Parens->Begin + 1}).str();
      Edits.add(ByteRange{Parens->Begin, Parens->Begin + 1}, [Open, Slot] { return Open + Slot; });
      castArgumentsAsParameters(CE);
      if (!LaterDefaults.empty()) {
        ByteRange Close{Parens->End - 1, Parens->End};
        std::string CloseText = Edits.text(Close).str();
        Edits.add(Close, [LaterDefaults, CloseText] { return LaterDefaults + CloseText; });
      }
      if (Hooked) Env.Rep.rewritten("base or delegating constructor", Env.location(Init->getSourceLocation()));
      else
        Env.skipped(Env.calleeName(CE->getConstructor()), Unhooked.value_or(SkipReason::BaseInitialiserArguments),
                    Init->getSourceRange());
    }
  } else if (CE && Parens && Init->isMemberInitializer() && interceptable(CE) && !Init->isIndirectMemberInitializer()) {
    std::string Type = "std::remove_cv_t<decltype(this->" + Init->getMember()->getNameAsString() + ")>";
    constructSite(CE, CE, *Parens, Type, true);
  }
}

}  // namespace cassette::rewrite

#include "WholeProgramEntries.h"

#include "SiteCollector.h"
#include "Twins.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

// Why FD's original cannot forward to its twin (empty: it can). Constructors
// have no body to forward from (a constructor cannot delegate to a template
// of itself after its initialisers ran); a function template's twin is named
// with the template's parameters, which an invented one (`auto x`) has no
// name for; an explicit specialization has no twin; a C variadic
// function cannot pass its `...` on; a coroutine's body cannot `return`.
std::string whyNotForwarded(const FunctionDecl* FD) {
  if (isa<CXXConstructorDecl>(FD)) return "constructors";
  if (isa<CXXConversionDecl>(FD)) return "conversion functions";
  if (FD->isMain()) return "main";
  if (FD->getPrimaryTemplate() || FD->getTemplateSpecializationKind() != TSK_Undeclared)
    return "explicit specializations of function templates";
  if (const FunctionTemplateDecl* FTD = FD->getDescribedFunctionTemplate())
    for (const NamedDecl* P : *FTD->getTemplateParameters())
      if (P->isImplicit() || P->getName().empty())
        return "function templates with an unnamed or invented (`auto`) template parameter";
  if (FD->isVariadic()) return "C variadic functions";
  if (FD->isConsteval()) return "consteval functions";
  if (FD->getFriendObjectKind() != Decl::FOK_None) return "friend functions defined in their class";
  if (FD->getDeclaredReturnType()->getContainedAutoType()) return "functions with a deduced return type";
  if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getRefQualifier() == RQ_RValue)
    return "&&-qualified member functions";
  if (!isa_and_nonnull<CompoundStmt>(FD->getBody())) return "coroutines and function-try-blocks";
  return "";
}

// Whether `constexpr` is written as a word before FD's parameters: the twin
// drops it (TwinWriter::twin), and keeps one a macro gives (FMT_CONSTEXPR).
bool constexprWritten(TUEnv& Env, const FunctionDecl* FD) {
  std::optional<SourceLocation> Start = Env.writtenStart(FD);
  FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
  if (!Start || !FTL || !Start->isFileID() || !FTL.getLParenLoc().isFileID()) return false;
  SourceManager& SM = Env.SM;
  auto [File, Begin] = SM.getDecomposedLoc(*Start);
  auto [ParenFile, End] = SM.getDecomposedLoc(FTL.getLParenLoc());
  if (File != ParenFile) return false;
  llvm::StringRef Buffer = SM.getBufferData(File);
  Lexer Raw(SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
  for (Token T; !Raw.LexFromRawLexer(T) && SM.getDecomposedLoc(T.getLocation()).second < End;)
    if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "constexpr") return true;
  return false;
}

// A declaration of FD's twin, for a free function whose twin is written
// only after it: `template <class CassetteCtx> static auto cassette_twin_f(
// ::cassette::Twin<CassetteCtx>, int) -> int;`. Default arguments stay on
// the twin's definition (a function template takes them only on its first
// declaration), so a definition that writes some gets none.
std::optional<std::string> twinDeclaration(TUEnv& Env, const FunctionDecl* FD) {
  for (const ParmVarDecl* P : FD->parameters())
    if (P->hasDefaultArg() && !P->hasInheritedDefaultArg()) return std::nullopt;
  std::string Text = std::string("template <class ") + CtxParam + "> ";
  // A template's instances take the visibility of its first declaration:
  // the twin's definition copies an export macro (doctest's
  // `DOCTEST_SYMBOL_EXPORT void default_cpp_force_link() {}` in a shared
  // library built with -fvisibility=hidden), this declaration says it first.
  if (const auto* V = FD->getAttr<VisibilityAttr>())
    Text += std::string("__attribute__((visibility(\"") +
            VisibilityAttr::ConvertVisibilityTypeToStr(V->getVisibility()) + "\"))) ";
  if (FD->getStorageClass() == SC_Static) Text += "static ";
  if (FD->isInlineSpecified()) Text += "inline ";
  if (FD->isConstexprSpecified() && !constexprWritten(Env, FD)) Text += "constexpr ";  // as the twin is
  Text += "auto " + TUEnv::twinName(FD) + "(::cassette::Twin<" + CtxParam + ">";
  for (const ParmVarDecl* P : FD->parameters()) Text += ", " + Env.typeSpelling(writtenParameterType(P->getType()));
  Text += ")";
  if (FD->getType()->castAs<FunctionProtoType>()->isNothrow()) Text += " noexcept";
  Text += " -> " + Env.typeSpelling(FD->getReturnType()) + ";";
  if (twinNeedsCxxLinkage(FD)) Text = "extern \"C++\" { " + Text + " }";
  return Text;
}

// Whether a declaration of FD before it has its twin's declaration beside
// it, so FD's definition needs none of its own: one under --root, for a
// function template one in F (TwinWriter declares a template's twin only in
// units that see its definition). Not a friend declaration (fmt's `friend
// text_style fg(color_type)` in text_style): the twin declared beside it is
// a friend too, which ordinary lookup does not find from FD's body.
bool twinDeclaredBefore(TUEnv& Env, const FunctionDecl* FD, FileID F) {
  bool Template = FD->getDescribedFunctionTemplate() != nullptr;
  for (const FunctionDecl* R = FD->getPreviousDecl(); R; R = R->getPreviousDecl()) {
    SourceLocation L = Env.SM.getFileLoc(R->getLocation());
    if (R->getFriendObjectKind() != Decl::FOK_None || !(Template ? Env.SM.getFileID(L) == F : Env.inRoot(L))) continue;
    if (Env.writtenStart(R) || (!Template && TUEnv::declaredThroughTypedef(R))) return true;
  }
  return false;
}

// The identifier-like word Text ends with (empty if none).
llvm::StringRef trailingWord(llvm::StringRef Text) {
  size_t Start = Text.size();
  while (Start > 0 && (isalnum(static_cast<unsigned char>(Text[Start - 1])) || Text[Start - 1] == '_')) --Start;
  return Text.substr(Start);
}

// Where a declaration really starts: before the macros that lead it and
// expand to nothing in this unit (fmt's `FMT_FUNC void f()`, FMT_FUNC being
// `inline` in another unit), which the AST does not see.
unsigned beforeEmptyMacros(TUEnv& Env, llvm::StringRef Buffer, unsigned At) {
  for (;;) {
    llvm::StringRef Before = Buffer.take_front(At).rtrim(" \t");
    llvm::StringRef Word = trailingWord(Before);
    if (Word.empty() || isdigit(static_cast<unsigned char>(Word[0])) || !Env.Ctx.Idents.get(Word).hadMacroDefinition())
      return At;
    At = static_cast<unsigned>(Before.size() - Word.size());
  }
}

// The first forward in a file includes the whole-program runtime and the
// context at its top, registered there (before a context header that
// registers itself is included by the file) rather than at its end; the
// buffer's line numbers restart after them. When the context header reads
// the tree, only the end of the unit includes it (Options::contextReadsTree).
void includeRuntime(TUEnv& Env, FileID F, EditSet& Edits, bool& Included) {
  if (Included) return;
  Included = true;
  // In a header, hidden from a unit built below C++20 (rt/unit.hpp).
  bool Header = F != Env.SM.getMainFileID();
  std::string Context = Env.Opts.contextReadsTree()
                            ? ""
                            : wholeProgramRegistration(Env.Opts) + "#include " + quoted(Env.Opts.ContextHeader) + "\n";
  std::string Include = std::string(Header ? "#if __cplusplus >= 202002L\n" : "") +
                        "#include <cassette/rt/whole_program.hpp>\n" + Context + (Header ? "#endif\n" : "") +
                        "#line 1 " + quoted(Env.absolutePath(F)) + "\n";
  Edits.add(ByteRange{0, 0}, [Include] { return Include; });
}

// FD's return type, to be named in its body: as the file writes it where it
// does (an injected class name of a partial specialisation, a trailing
// `decltype(ctx.out())` of a parameter, which no printed spelling gives),
// else printed where that is not dependent; nullopt otherwise.
std::optional<std::string> returnTypeInBody(TUEnv& Env, const FunctionDecl* FD, FileID F) {
  QualType T = FD->getReturnType();
  FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
  std::optional<ByteRange> Written = FTL ? Env.spelledRange(FTL.getReturnLoc().getSourceRange(), F) : std::nullopt;
  if (Written) {
    // A leading `const` is not part of the type's range (a qualifier has no
    // location of its own).
    llvm::StringRef Buffer = Env.SM.getBufferData(F);
    for (llvm::StringRef Before = Buffer.take_front(Written->Begin).rtrim();
         trailingWord(Before) == "const" || trailingWord(Before) == "volatile";
         Before = Buffer.take_front(Written->Begin).rtrim())
      Written->Begin = static_cast<unsigned>(Before.size() - trailingWord(Before).size());
    return Buffer.slice(Written->Begin, Written->End).str();
  }
  if (T->isDependentType()) return std::nullopt;
  return Env.typeSpelling(T);
}

// How an original enters its twin under the program's context: the call of
// Callee with the program's context slot and Args. When the context header
// reads the tree, through a generic lambda that forward_to_program calls
// once the context is declared (rt/whole_program.hpp), given the function's
// Result type.
std::string enterProgram(TUEnv& Env, const std::string& Result, const std::string& Callee, const std::string& Args) {
  if (!Env.Opts.contextReadsTree())
    return Callee + "(::cassette::rt::program_twin<" + Env.Opts.OverdubMain + ">()" + Args + ")";
  return "::cassette::rt::forward_to_program<" + Result + ">([&](auto cassette_slot) -> " + Result + " { return " +
         Callee + "(cassette_slot" + Args + "); })";
}

/// When FD's original forwards. Where the tree can name the context, a
/// constant under one whose entries are never suspended (rt/whole_program.hpp).
std::string forwardCondition(const TUEnv& Env, const FunctionDecl* FD) {
  std::string Condition = Env.Opts.contextReadsTree()
                              ? "::cassette::rt::forwards_entry()"
                              : "::cassette::rt::forwards_entry<" + Env.Opts.OverdubMain + ">()";
  return FD->isConstexpr() ? "!__builtin_is_constant_evaluated() && " + Condition : Condition;
}

/// Whether FD is a constexpr function clang may fold where
/// `__builtin_is_constant_evaluated()` is false (FoldedOperands.h): a
/// forward there would stop the folding.
bool foldedWithoutConstantContext(const TUEnv& Env, const FunctionDecl* FD) {
  return FD->isConstexpr() && Env.FoldedConstexpr.count(FD->getNameAsString());
}

/// Whether a by-value parameter of class type RD can be passed on from an
/// xvalue of itself (`Pinned(Pinned&&) = delete;` cannot: its twin's copy
/// of the parameter would need that constructor).
bool passableByValue(const CXXRecordDecl* RD) {
  if (!RD || !RD->hasDefinition()) return true;
  RD = RD->getDefinition();
  auto Usable = [](const CXXConstructorDecl* C) { return !C->isDeleted() && C->getAccess() == AS_public; };
  for (const CXXConstructorDecl* C : RD->ctors())
    if (C->isMoveConstructor()) return Usable(C);
  if (RD->needsImplicitMoveConstructor()) return !RD->defaultedMoveConstructorIsDeleted();
  for (const CXXConstructorDecl* C : RD->ctors())
    if (C->isCopyConstructor()) return Usable(C);
  return RD->needsImplicitCopyConstructor() && !RD->defaultedCopyConstructorIsDeleted();
}

/// The parameters FD's forward passes on, each as its name (with `...` for
/// a pack). An unnamed one is given a name in the original's declaration
/// (its location is where the name would stand), added to Inserts. nullopt
/// when a macro spells an unnamed parameter, or a by-value one cannot be
/// passed on.
std::optional<std::vector<std::string>> forwardedParameters(const SourceManager& SM, const FunctionDecl* FD, FileID F,
                                                            std::vector<std::pair<unsigned, std::string>>& Inserts) {
  std::vector<std::string> Names;
  for (const ParmVarDecl* P : FD->parameters()) {
    if (!P->getType()->isReferenceType() && !passableByValue(P->getType()->getAsCXXRecordDecl())) return std::nullopt;
    std::string Name = P->getNameAsString();
    if (Name.empty()) {
      if (P->getLocation().isInvalid() || P->getLocation().isMacroID() || SM.getFileID(P->getLocation()) != F)
        return std::nullopt;
      Name = "cassette_param" + std::to_string(Names.size());
      unsigned At = SM.getDecomposedLoc(P->getLocation()).second;
      Inserts.emplace_back(At, " " + Name);
    }
    Names.push_back(Name + (P->isParameterPack() ? "..." : ""));
  }
  return Names;
}

/// `, Text(name)` for each parameter of Names, `...` after a pack's.
template <class Spell>
std::string perParameter(const std::vector<std::string>& Names, Spell Text) {
  std::string Out;
  for (llvm::StringRef Name : Names) {
    bool Pack = Name.consume_back("...");
    Out += ", " + Text(Name.str()) + (Pack ? "..." : "");
  }
  return Out;
}

/// The arguments of the forward: every parameter, forwarded as it was passed.
std::string forwardedArguments(const std::vector<std::string>& Names) {
  return perParameter(Names, [](const std::string& N) { return "static_cast<decltype(" + N + ")&&>(" + N + ")"; });
}

/// The template arguments that name a function template's own instance:
/// `<T, N, Ts...>`; empty for a function that is not a template.
std::string ownTemplateArguments(const FunctionDecl* FD) {
  const FunctionTemplateDecl* FTD = FD->getDescribedFunctionTemplate();
  if (!FTD) return "";
  std::string Text;
  for (const NamedDecl* P : *FTD->getTemplateParameters())
    Text += (Text.empty() ? "" : ", ") + P->getNameAsString() + (P->isParameterPack() ? "..." : "");
  return "<" + Text + ">";
}

/// Whether FD is a function template that shares its name with another
/// function template of its class or namespace (its twin does too).
bool overloadedWithTemplates(const FunctionDecl* FD) {
  const FunctionTemplateDecl* FTD = FD->getDescribedFunctionTemplate();
  if (!FTD) return false;
  for (const NamedDecl* D : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName()))
    if (const auto* Other = dyn_cast<FunctionTemplateDecl>(D->getUnderlyingDecl());
        Other && Other->getCanonicalDecl() != FTD->getCanonicalDecl())
      return true;
  return false;
}

/// The twin's instance for FD's own template arguments, named through a cast
/// to its type (`static_cast<R (C::*)(Twin<Ctx>, P...) const>(&C::template
/// cassette_twin_f<T, U>)`), as `&f<T, U>` needs where other templates share
/// the name: called with the arguments alone, overload resolution would
/// also try the other templates' twins with them, and checking an argument
/// against a parameter type they make may be a hard error (flatbuffers'
/// `CreateVector<T, C>(const C&)` beside `CreateVector<T, Alloc>(const
/// std::vector<T, Alloc>&)`). Slot spells the context slot's type, Params
/// the forwarded parameters. nullopt where the type cannot be written: a
/// deduced return type, or one that is not a single type name.
std::optional<std::string> exactTwinInstance(TUEnv& Env, const FunctionDecl* FD, FileID F, const std::string& Slot,
                                             const std::vector<std::string>& Params) {
  if (FD->getReturnType()->getContainedDeducedType() || FD->isVariadic()) return std::nullopt;
  // A return type written before a qualified name (`Node Tree<X>::get()`)
  // is looked up outside the class, and may name another type in the body
  // (`Tree::Node`): there only a printed, non-dependent spelling will do.
  const auto* Proto = FD->getType()->getAs<FunctionProtoType>();
  bool WrittenOutside = (FD->isOutOfLine() || FD->getQualifier()) && !(Proto && Proto->hasTrailingReturn());
  std::optional<std::string> Result;
  if (!WrittenOutside) Result = returnTypeInBody(Env, FD, F);
  else if (!FD->getReturnType()->isDependentType()) Result = Env.typeSpelling(FD->getReturnType());
  if (!Result || Result->find_first_of("([") != std::string::npos) return std::nullopt;
  std::string Parameters = Slot + perParameter(Params, [](const std::string& N) { return "decltype(" + N + ")"; });
  std::string Twin = TUEnv::twinName(FD) + ownTemplateArguments(FD);
  const auto* MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic()) return "static_cast<" + *Result + " (*)(" + Parameters + ")>(&" + Twin + ")";
  // A member is named through the class's injected name.
  const CXXRecordDecl* Class = MD->getParent();
  if (MD->isExplicitObjectMemberFunction() || !Class->getIdentifier()) return std::nullopt;
  std::string Qualifiers = MD->getMethodQualifiers().getAsString();
  if (!Qualifiers.empty()) Qualifiers = " " + Qualifiers;
  if (MD->getRefQualifier() != RQ_None) Qualifiers += MD->getRefQualifier() == RQ_LValue ? " &" : " &&";
  std::string Name = Class->getName().str();
  return "(this->*static_cast<" + *Result + " (" + Name + "::*)(" + Parameters + ")" + Qualifiers + ">(&" + Name +
         "::template " + Twin + "))";
}

}  // namespace

std::string wholeProgramRegistration(const Options& O) {
  if (O.OverdubMain.empty()) return "";
  return "#if !defined(CASSETTE_CONTEXTS_HEADER) && !defined(CASSETTE_WHOLE_PROGRAM_REGISTERED)\n"
         "#define CASSETTE_WHOLE_PROGRAM_REGISTERED\n#include " +
         quoted(O.ContextHeader) + "\nCASSETTE_CONTEXTS(" + O.OverdubMain + ")\n#endif\n";
}

std::string wholeProgramEpilogue(const Options& O, bool MainFile) {
  if (!O.contextReadsTree()) return wholeProgramRegistration(O);
  if (!MainFile) return "";
  // The end of the unit: the context header, then CASSETTE_PROGRAM_CONTEXT
  // that the tree's deferred forwards look up. Once per unit, where a main
  // file includes another (cJSON's tests include cJSON.c).
  // When the tree is fmt (the ready-made contexts format with it), the
  // contexts use the fmt the program links, not a header-only copy: in a
  // unit that had not included fmt, that copy's inline definitions of fmt's
  // functions made the linker take the unit's object out of an archive to
  // satisfy another's references (fmt's test-main.cc, with its main, into
  // enforce-checks-test, which has its own).
  bool TreeIsFmt = llvm::any_of(O.ContextIncludes, [](const std::string& F) {
    return llvm::StringRef(F).ends_with("/fmt/core.h") || llvm::StringRef(F).ends_with("/fmt/format.h");
  });
  std::string LinkedFmt = TreeIsFmt ? "#ifndef CASSETTE_FMT_LINKED\n#define CASSETTE_FMT_LINKED\n#endif\n" : "";
  return "#if !defined(CASSETTE_PROGRAM_CONTEXT_DEFINED)\n#define CASSETTE_PROGRAM_CONTEXT_DEFINED\n"
         "#include <cassette/rt/whole_program.hpp>\n" +
         LinkedFmt + wholeProgramRegistration(O) + "#include " + quoted(O.ContextHeader) +
         "\nCASSETTE_PROGRAM_CONTEXT(" + O.OverdubMain + ")\n#endif\n";
}

// Where the declaration of FD's twin goes, before FD's definition (its
// first declaration): before the attributes and the empty macros that lead
// it, and before an `extern "C"` without braces, which would take the
// declaration in its place and leave FD with C++ linkage. None when a macro
// begins it.
std::optional<unsigned> twinDeclarationPlace(TUEnv& Env, const FunctionDecl* FD, FileID F) {
  SourceManager& SM = Env.SM;
  std::optional<SourceLocation> Start = Env.writtenStart(FD);
  if (!Start || Start->isMacroID() || SM.getFileID(*Start) != F) return std::nullopt;
  unsigned At = SM.getDecomposedLoc(*Start).second;
  // `SNAPPY_ATTRIBUTE_ALWAYS_INLINE static inline ...`.
  for (const Attr* A : FD->attrs()) {
    if (A->isInherited() || A->isImplicit() || A->getLocation().isInvalid()) continue;
    SourceLocation L = SM.getExpansionRange(A->getRange().getBegin()).getBegin();
    if (SM.getFileID(L) != F || SM.getDecomposedLoc(L).second >= At) continue;
    At = SM.getDecomposedLoc(L).second;
    // `[[nodiscard]]`: the attribute's range starts at its name.
    llvm::StringRef Before = SM.getBufferData(F).take_front(At).rtrim();
    if (Before.ends_with("[[")) At = Before.size() - 2;
    else if (Before.ends_with("__attribute__((")) At = Before.size() - 15;
  }
  At = beforeEmptyMacros(Env, SM.getBufferData(F), At);
  if (const auto* L = dyn_cast<LinkageSpecDecl>(FD->getLexicalDeclContext()); L && !L->hasBraces()) {
    SourceLocation Extern = L->getExternLoc();
    if (Extern.isMacroID() || SM.getFileID(Extern) != F) return std::nullopt;
    At = std::min(At, SM.getDecomposedLoc(Extern).second);
  }
  return At;
}

/// A free function's twin is declared before its definition, where its
/// original's forward names it: beside an earlier declaration, or here (added
/// to Inserts). Why it cannot be (empty: it is). A free function template's
/// twin is declared beside its declarations only in units that see its
/// definition (TUEnv::twinnable), so one in another file (a header) may have
/// none; a qualified definition (`T ns::f(T)`) cannot declare it.
static std::string declareTwinBefore(TUEnv& Env, const FunctionDecl* FD, FileID F,
                                     std::vector<std::pair<unsigned, std::string>>& Inserts) {
  bool Template = FD->getDescribedFunctionTemplate() != nullptr;
  if (twinDeclaredBefore(Env, FD, F)) return "";
  if (FD->getQualifier())
    return Template ? "function templates defined with a qualified name in another file than their declaration" : "";
  std::optional<std::string> Decl = Template ? TwinWriter(Env, F).declarationBefore(FD) : twinDeclaration(Env, FD);
  std::optional<unsigned> At = Decl ? twinDeclarationPlace(Env, FD, F) : std::nullopt;
  if (!At && Template)
    return "function templates whose definition writes default arguments (of the function or the template), "
           "begins with a macro, or has a comment or directive before its body, and whose twin no declaration "
           "in their file declares";
  if (!At)
    return "free functions whose definition is their first declaration and writes default arguments or begins "
           "with a macro";
  Inserts.emplace_back(*At, *Decl + " ");  // on the function's line: later lines keep their numbers
  return "";
}

void forwardEntryToTwin(TUEnv& Env, const FunctionDecl* FD, FileID F, EditSet& Edits, bool& RuntimeIncluded) {
  const Options& O = Env.Opts;
  if (O.OverdubMain.empty() || Env.Tagging.twinSignaturesDiffer() || !FD->doesThisDeclarationHaveABody()) return;
  auto NotForwarded = [&](const std::string& Kind) {
    Env.Rep.note("whole-program mode: " + Kind +
                 " run their originals, not their twins, when code outside the twins calls them "
                 "(docs/cli.md, whole-program mode)");
  };
  if (std::string Why = whyNotForwarded(FD); !Why.empty()) {
    if (Why != "main") NotForwarded(Why);
    return;
  }
  if (foldedWithoutConstantContext(Env, FD))
    return NotForwarded(
        "constexpr functions that clang folds where no constant is required (a GNU vector_size argument, "
        "__builtin_constant_p's operand), and the constexpr functions those call,");
  std::optional<std::string> Result;
  if (O.contextReadsTree()) {
    // A forward that clang instantiates before the end of the unit needs the
    // context there. It does for what a template it instantiates early
    // reaches: to evaluate a constexpr function, or at an explicit
    // instantiation whose function has a local class (fmt's format.cc
    // instantiates vformat_to, whose format_handler calls
    // basic_format_context's members). Such templates are the tree's headers
    // that the context header reads.
    if (FD->isTemplated() && O.ContextIncludes.count(Env.absolutePath(F)))
      return NotForwarded(
          "templates (function templates, members of class templates) in files the context header itself includes");
    if (FD->isConstexpr()) return NotForwarded("constexpr functions, when the context header reads the tree,");
    Result = returnTypeInBody(Env, FD, F);
    if (!Result) return NotForwarded("functions whose dependent return type is not written in their file");
  }
  const auto* Body = cast<CompoundStmt>(FD->getBody());
  SourceManager& SM = Env.SM;
  if (Body->getLBracLoc().isMacroID() || SM.getFileID(Body->getLBracLoc()) != F)
    return NotForwarded("functions whose body's brace a macro spells");

  // Insertions, made only once nothing can stop the forward.
  std::vector<std::pair<unsigned, std::string>> Inserts;

  std::optional<std::vector<std::string>> Params = forwardedParameters(SM, FD, F, Inserts);
  if (!Params) return NotForwarded("functions with an unnamed parameter a macro spells, or an unmovable by-value one");

  // The callee: a member's twin is found in its class; a free function's
  // is declared before it unless the definition names its namespace (then
  // an earlier declaration, and its twin's, exist).
  // A function template's instance names its twin's with its own template
  // arguments, the context's deduced after them.
  std::string TemplateArgs = ownTemplateArguments(FD);
  std::string Callee = TUEnv::twinName(FD) + TemplateArgs;
  const auto* MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && !MD->isStatic()) Callee = (TemplateArgs.empty() ? "this->" : "this->template ") + Callee;
  // A free function's twin by ordinary lookup only: an argument's namespace
  // may hold a function of the same name and parameters, whose twin
  // argument-dependent lookup would find too (`::touch(ns::T)` beside
  // `ns::touch(ns::T)`).
  if (!MD) Callee = "(" + Callee + ")";
  if (overloadedWithTemplates(FD))
    if (std::optional<std::string> Exact = exactTwinInstance(
            Env, FD, F, O.contextReadsTree() ? "decltype(cassette_slot)" : "::cassette::Twin<" + O.OverdubMain + ">",
            *Params))
      Callee = *Exact;
  if (!MD)
    if (std::string Why = declareTwinBefore(Env, FD, F, Inserts); !Why.empty()) return NotForwarded(Why);

  std::string Condition = forwardCondition(Env, FD);
  std::string Call = enterProgram(Env, Result.value_or(""), Callee, forwardedArguments(*Params));
  // A destructor returns nothing, not even a void expression; after its
  // twin ran the body, the members and bases are destroyed as always.
  std::string Stmt = isa<CXXDestructorDecl>(FD) ? " if (" + Condition + ") { " + Call + "; return; }"
                                                : " if (" + Condition + ") return " + Call + ";";
  Inserts.emplace_back(SM.getDecomposedLoc(Body->getLBracLoc()).second + 1, Stmt);
  // The runtime's include first: a twin's declaration may stand at the top too.
  includeRuntime(Env, F, Edits, RuntimeIncluded);
  // In a header, hidden from a unit built below C++20 (rt/unit.hpp).
  bool Header = F != SM.getMainFileID();
  for (auto& [At, Text] : Inserts) {
    std::string Hidden = Header ? " CASSETTE_CXX20(" + Text + ")" : Text;
    Edits.add(ByteRange{At, At}, [Hidden] { return Hidden; });
  }
}

bool localTwinForEntry(TUEnv& Env, const FunctionDecl* FD, FileID F, EditSet& Edits, bool& RuntimeIncluded) {
  const Options& O = Env.Opts;
  if (O.OverdubMain.empty() || Env.Tagging.twinSignaturesDiffer() || !isa<CXXMethodDecl>(FD) ||
      isa<CXXDestructorDecl>(FD) || !whyNotForwarded(FD).empty() || FD->isTemplated() ||
      foldedWithoutConstantContext(Env, FD) || (O.contextReadsTree() && FD->isConstexpr()) ||
      O.Excluded.count(TUEnv::definitionKey(FD)))  // the check found it does not compile
    return false;
  const auto* Body = cast<CompoundStmt>(FD->getBody());
  SourceManager& SM = Env.SM;
  SourceLocation L = Body->getLBracLoc(), R = Body->getRBracLoc();
  if (L.isMacroID() || R.isMacroID() || SM.getFileID(L) != F || SM.getFileID(R) != F) return false;
  std::optional<std::string> Result = returnTypeInBody(Env, FD, F);
  if (!Result) return false;
  ByteRange Range{SM.getDecomposedLoc(L).second, SM.getDecomposedLoc(R).second + 1};
  EditSet BodyEdits(SM.getBufferData(F));
  SiteCollector Sites(Env, BodyEdits, F);
  Sites.Tagging.printedSignature();
  Sites.collect(FD);
  // The rewritten body replaces the original's, on the same lines (a
  // generic lambda keeps `this`, the parameters and the class's access).
  std::string Lambda = std::string("[&]<class ") + CtxParam + ">([[maybe_unused]] ::cassette::Twin<" + CtxParam + "> " +
                       CtxVar + ") -> " + *Result + " " + BodyEdits.render(Range);
  std::string Enter = O.contextReadsTree() ? "::cassette::rt::forward_to_program<" + *Result + ">("
                                           : "::cassette::rt::run_entry<" + O.OverdubMain + ">(";
  std::string Text = "{ return " + Enter + Lambda + "); }";
  Edits.add(Range, [Text] { return Text; });
  includeRuntime(Env, F, Edits, RuntimeIncluded);
  Env.Rep.twinned(Env.calleeName(FD), Env.location(FD->getLocation()));
  return true;
}

}  // namespace cassette::rewrite

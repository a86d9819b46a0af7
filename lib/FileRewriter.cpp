#include "FileRewriter.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "FoldedOperands.h"
#include "JoinRewrites.h"
#include "MacroExpansion.h"
#include "MemberCallers.h"
#include "OverdubLambdas.h"
#include "Passes.h"
#include "RewriteEnv.h"
#include "SiteCollector.h"
#include "TwinMarkers.h"
#include "Twins.h"
#include "WholeProgramEntries.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace cassette::rewrite {

std::string unitPrologue(const std::string& Path, const std::string& TaggingIncludes, bool TakesAddresses,
                         bool Header) {
  std::string N = std::to_string(RuntimeProtocol);
  // A header may be read by a unit built below C++20 (rt/unit.hpp).
  const char* If = Header ? "#if __cplusplus >= 202002L\n" : "";
  const char* EndIf = Header ? "#endif\n" : "";
  return std::string("#include <cassette/rt/unit.hpp>\n") + If + TaggingIncludes +
         (TakesAddresses ? "#include <cassette/rt/indirect.hpp>\n" : "") +
         "static_assert(::cassette::rt::protocol_version == " + N +
         ", \"this file was rewritten by cassette-rewrite for runtime protocol " + N +
         " but is built against a runtime of another protocol (the note gives its number): build it with the "
         "runtime shipped with that cassette-rewrite (-I .../runtime), or rewrite it again with the "
         "cassette-rewrite of this runtime\");\n" +
         EndIf + "#line 1 " + quoted(Path) + "\n";
}

namespace {

// Every function declaration as written (no instantiations, no implicit ones).
class WrittenFunctions : public RecursiveASTVisitor<WrittenFunctions> {
 public:
  std::vector<const FunctionDecl*> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }
  bool VisitFunctionDecl(FunctionDecl* FD) {
    if (!FD->isImplicit() && !FD->getParentFunctionOrMethod()) Found.push_back(FD);
    return true;
  }
  // Local classes and lambdas are part of their enclosing function's body.
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
};

// Every class definition as written: the ones with non-public members
// befriend the anchors (TUEnv::grantsAnchorAccess).
class WrittenClasses : public RecursiveASTVisitor<WrittenClasses> {
 public:
  std::vector<const CXXRecordDecl*> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXRecordDecl(CXXRecordDecl* RD) {
    if (RD->isThisDeclarationADefinition()) Found.push_back(RD);
    return true;
  }
};

// The main file's anchors: a specialisation of ::cassette::rt::anchor_access::run
// of its own, which every class of the tree with non-public members
// befriends, instantiating the file's out-of-line twins for every registered
// context. Its names are the file's own (a hash of its path under --root),
// apart from any other main file's (cJSON's tests include cJSON.c). Taking the address
// of a deprecated function's twin is not a use the program wrote: the
// warning is silenced there (pugixml's deprecated members warned three times
// in every build of the rewritten file). Only where the file is the main
// file (`__INCLUDE_LEVEL__` 0): a unit that includes it defines what it
// reads of it, and anchors that in its own main file; this block names what
// the file's own unit defines, which an includer may not see (doctest's
// test sources include parts/doctest.cpp under other macros). Once per
// unit, where that level is unknown (it reads as 0).
std::string anchorBlock(const std::string& Anchors, llvm::StringRef FileUnderRoot) {
  std::string Suffix = llvm::utohexstr(llvm::xxh3_64bits(FileUnderRoot), /*LowerCase=*/true);
  std::string Tag = "cassette_anchor_tag_" + Suffix;
  std::string Once = "CASSETTE_ANCHORED_" + Suffix;
  return "#if !defined(" + Once + ") && __INCLUDE_LEVEL__ == 0\n#define " + Once +
         "\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wdeprecated-declarations\"\n"
         "namespace { struct " +
         Tag + "; }\n" + "template <> bool ::cassette::rt::anchor_access::run<" + Tag +
         ">() {\n"
         "  return ::cassette::rt::instantiate_for_registered([]<class " +
         std::string(CtxParam) + ">() { " + Anchors +
         " });\n}\n"
         "namespace { [[maybe_unused]] const bool cassette_anchor_" +
         Suffix + " = ::cassette::rt::anchor_access::run<" + Tag + ">(); }\n#pragma GCC diagnostic pop\n#endif";
}

struct FilePlan {
  std::vector<Insertion> Insertions;
  std::vector<TwinSpan> Spans;
  std::unique_ptr<EditSet> Edits;  // edits of the original text itself
  std::vector<std::unique_ptr<SiteCollector>> Collectors;  // render their edits
  bool EntriesInclude = false;  // the whole-program runtime is included at the top
  std::vector<ByteRange> Declined;  // FileOutput::Declined
};

// The program's entry point in whole-program mode: main's twin under the context.
std::string wholeProgramMain(const Options& O, const std::vector<std::string>& ParamTypes) {
  // main's own parameters, as many and of the types it declares (`const
  // char** argv` is common and valid): a declaration of main before it
  // (google benchmark's `BENCHMARK_EXPORT int main(int, char**);`) must
  // declare this one.
  const char* Names[] = {"cassette_argc", "cassette_argv", "cassette_envp"};
  std::string Params, Args;
  for (size_t I = 0; I < ParamTypes.size() && I < 3; ++I) {
    Params += std::string(I ? ", " : "") + "[[maybe_unused]] " + ParamTypes[I] + " " + Names[I];
    Args += std::string(", ") + Names[I];
  }
  // When the context header reads the tree, it is included at the end of
  // the unit (wholeProgramEpilogue), and main names the context there.
  std::string Run = O.contextReadsTree() ? "run_program_main" : "run_main<" + O.OverdubMain + ">";
  std::string Include = O.contextReadsTree() ? "" : "#include " + quoted(O.ContextHeader) + "\n";
  return "#include <cassette/rt/whole_program.hpp>\n" + Include + "int main(" + Params +
         ") {\n  return ::cassette::rt::" + Run + "([&](auto cassette_t) { return cassette_twin_main(cassette_t" +
         Args + "); });\n}";
}

FileOutput assemble(EditSet& Edits, llvm::StringRef Buffer, const std::string& Path, std::vector<Insertion> Ins,
                    const std::string& Epilogue, const std::string& TaggingIncludes, bool TakesAddresses, bool Header) {
  // By offset, in the order added at one offset (std::stable_sort would do,
  // but libstdc++ 12's trips clang 19's deprecation of get_temporary_buffer).
  std::vector<size_t> Order(Ins.size());
  for (size_t I = 0; I < Order.size(); ++I) Order[I] = I;
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return std::tie(Ins[A].Offset, A) < std::tie(Ins[B].Offset, B); });
  std::vector<Insertion> Sorted;
  for (size_t I : Order) Sorted.push_back(std::move(Ins[I]));
  Ins = std::move(Sorted);
  std::string Q = quoted(Path);
  std::vector<unsigned> Written = writtenLines(Buffer);
  for (Insertion& I : Ins) {
    unsigned Resume = writtenLine(Written, 1 + static_cast<unsigned>(llvm::count(Buffer.take_front(I.Offset), '\n')));
    // In a header, hidden from a unit built below C++20 (rt/unit.hpp).
    std::string At = "\n#line " + std::to_string(I.Line) + " " + Q + "\n";
    std::string Else = I.BelowCxx20.empty() ? "" : "\n#else" + At + I.BelowCxx20;
    std::string Text = (Header ? "\n#if __cplusplus >= 202002L" + At + I.Text + Else + "\n#endif" : At + I.Text) +
                       "\n#line " + std::to_string(Resume) + " " + Q + "\n";
    Edits.add(ByteRange{I.Offset, I.Offset}, [Text] { return Text; });
  }
  FileOutput Out;
  Out.Original = Buffer.str();
  Out.Prologue = unitPrologue(Path, TaggingIncludes, TakesAddresses, Header);
  Out.PrologueWithTables = unitPrologue(Path, TaggingIncludes, true, Header);
  Out.Header = Header;
  Out.Epilogue = Header
                     ? "\n#if __cplusplus >= 202002L\n#include <cassette/rt/registered.hpp>\n" + Epilogue + "\n#endif\n"
                     : "\n#include <cassette/rt/registered.hpp>\n" + Epilogue;
  ByteRange Whole{0, static_cast<unsigned>(Buffer.size())};
  Out.Edits = Edits.flatten(Whole);
  Out.Text = Out.Prologue + applyEdits(Buffer, Whole, Out.Edits) + Out.Epilogue;
  return Out;
}

// Whole-program mode: the original main stays, renamed, and a new main runs
// its twin under the context. The new main goes right after main's
// definition and its twin, so that it stands under the same preprocessor
// conditions (a test framework's main in a header, under the #ifdef that one
// unit defines).
void wholeProgramEntry(TUEnv& Env, const FunctionDecl* FD, FileID F, FilePlan& Plan) {
  SourceManager& SM = Env.SM;
  std::optional<ByteRange> Name = Env.spelledRange(FD->getNameInfo().getSourceRange(), F);
  const auto* Body = dyn_cast<CompoundStmt>(FD->getBody());
  std::optional<unsigned> End = TwinWriter(Env, F).declarationEnd(FD);
  if (!Name || !Body || Body->getRBracLoc().isMacroID() || !End) {
    Env.skipped("main", SkipReason::MainInMacro, FD->getLocation());
    return;
  }
  // Nothing calls the original main (the language forbids it), so it gets
  // internal linkage where its declaration allows: unreferenced, the back
  // end never compiles it (issue: the rewritten unit's compile time). Not
  // where `static` cannot go before the name: `extern "C"`, `int (main)()`,
  // an attribute that asks to export it.
  llvm::StringRef Before = SM.getBufferData(F).take_front(Name->Begin).rtrim();
  bool Internal = !FD->isExternC() && !FD->hasAttr<VisibilityAttr>() && !FD->hasAttr<UsedAttr>() &&
                  !FD->hasAttr<DLLExportAttr>() && !Before.empty() &&
                  (llvm::isAlnum(Before.back()) || Before.back() == '_');
  Plan.Edits->add(*Name, [Internal] {
    return std::string(Internal ? "static cassette_original_main [[maybe_unused]]" : "cassette_original_main");
  });
  // Renamed, it loses main's implicit `return 0`.
  unsigned At = SM.getDecomposedLoc(Body->getRBracLoc()).second;
  Plan.Edits->add(ByteRange{At, At}, [] { return std::string(" return 0; "); });
  std::vector<std::string> Types;
  for (const ParmVarDecl* P : FD->parameters()) Types.push_back(Env.typeSpelling(P->getType()));
  Plan.Insertions.push_back(Insertion{*End, Env.writtenLine(FD->getLocation()), wholeProgramMain(Env.Opts, Types), ""});
}

// The rewrite of one parsed unit: a plan of edits and insertions per file it
// claims, then each planned file assembled into Result.
class UnitRewrite {
 public:
  UnitRewrite(ASTContext& Ctx, const Options& O, const std::set<std::string>* Only, UnitResult& Result,
              MacroRecord& Macros)
      : Env(Ctx, O, *Result.Entries), SM(Ctx.getSourceManager()), Opts(O), Only(Only), Result(Result) {
    Env.Macros = &Macros;
  }

  void run(const ExpansionRecord* Expansions, const MacroRecord& Macros, const FoldedOperandNames* Folded) {
    WrittenFunctions W;
    W.TraverseDecl(Env.Ctx.getTranslationUnitDecl());
    if (Folded) Env.FoldedConstexpr = foldedConstexprNames(Folded->names(), W.Found);
    if (Opts.Passes) runPasses(W.Found);  // a pass sees the whole unit
    narrowParentMap(Env.Ctx);
    for (const FunctionDecl* FD : W.Found) planFunction(FD);
    anchorExplicitInstantiations(W.Found);
    classPrologues();
    if (Expansions) askForExpansion(*Expansions, Macros, W.Found);
    emitFiles();
    Env.Ctx.setTraversalScope({Env.Ctx.getTranslationUnitDecl()});
  }

 private:
  TUEnv Env;
  SourceManager& SM;
  const Options& Opts;
  const std::set<std::string>* Only;
  UnitResult& Result;
  std::map<FileID, FilePlan> Plans;
  std::string Anchors;  // out-of-line twins of the main file
  std::map<FileID, bool> Claimed;
  // Passes: what they made of each definition they edited, and the
  // canonical declarations of those (whose other declarations' twins the
  // stubs need too).
  std::map<const FunctionDecl*, PassedFunction> Passed;
  std::set<const FunctionDecl*> PassedCanonical;

  // Whether this unit rewrites F (a file under --root it reads).
  bool owns(FileID F) {
    auto It = Claimed.find(F);
    if (It != Claimed.end()) return It->second;
    bool Mine = Env.inRootFile(F) && claim(Env.absolutePath(F));
    Claimed[F] = Mine;
    return Mine;
  }
  bool claim(const std::string& Abs) {
    if (Only && !Only->count(Abs)) return false;
    Result.Claimed.insert(Abs);
    return true;
  }

  FilePlan& planOf(FileID F) {
    FilePlan& Plan = Plans[F];
    if (!Plan.Edits) Plan.Edits = std::make_unique<EditSet>(SM.getBufferData(F));
    return Plan;
  }

  void runPasses(const std::vector<const FunctionDecl*>& Found);
  void fingerprint(const FunctionDecl* FD, const PassedFunction* P);
  void planFunction(const FunctionDecl* FD);
  void anchorExplicitInstantiations(const std::vector<const FunctionDecl*>& Found);
  void declined(SourceLocation Begin, SourceLocation End, FileID F, FilePlan& Plan);
  void declined(const FunctionDecl* FD, FileID F, FilePlan& Plan);
  void declinedDeclaration(const FunctionDecl* FD, FileID F, FilePlan& Plan);
  bool addTwin(const FunctionDecl* FD, FileID F, TwinWriter& Writer);
  void addAnchor(const FunctionDecl* FD, FileID F, TwinWriter& Writer);
  void checkThunks(const FunctionDecl* FD, FileID F, TwinWriter& Writer);
  void classPrologues();
  void requestExpansion(FileID Main, std::vector<ExpandedUse> MainUses,
                        std::map<std::string, std::vector<ExpandedUse>> HeaderUses,
                        std::map<std::string, std::map<unsigned, size_t>> Fingerprints,
                        const std::string* MainText = nullptr);
  std::pair<std::vector<ExpandedUse>, std::string> usesOfEveryCommand(FileID Main);
  void askForExpansion(const ExpansionRecord& Expansions, const MacroRecord& Macros,
                       const std::vector<const FunctionDecl*>& Found);
  void declareForeignTwins();
  void emitFiles();
};

void UnitRewrite::planFunction(const FunctionDecl* FD) {
  SourceLocation Loc = FD->getLocation();
  FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
  if (!Env.inRootFile(F) || !owns(F)) return;
  // A block-scope declaration (`extern void f(int);` in a body) cannot have
  // a twin declared beside it (a template at block scope): a call through it
  // declares the twin at namespace scope, before the enclosing declaration
  // (TUEnv::foreignDeclared).
  if (FD->isLocalExternDecl()) return;
  FilePlan& Plan = planOf(F);
  // A pure virtual destructor that an anchor's derived class would run
  // must be defined somewhere (Twins.cpp).
  if (isa<CXXDestructorDecl>(FD) && FD->isThisDeclarationADefinition()) Result.Defined.insert(TUEnv::definitionKey(FD));
  if (Loc.isMacroID()) {
    // A macro spells its name (`TEST(name) { ... }`): a twin printed from
    // the AST when its body is written here; its other declarations, made
    // by the macro, get none.
    if (!FD->doesThisDeclarationHaveABody()) return;
    TwinWriter Writer(Env, F);
    WhyNot Why;
    if (Env.twinnable(FD, &Why)) {
      if (!addTwin(FD, F, Writer)) declined(FD, F, Plan);
    } else if (localTwinForEntry(Env, FD, F, *Plan.Edits, Plan.EntriesInclude)) {
      // Its lines: an error in the lambda takes it away.
      Plan.Spans.push_back({TUEnv::definitionKey(FD), Env.calleeName(FD),
                            Env.writtenLine(SM.getExpansionLoc(FD->getBeginLoc())),
                            Env.writtenLine(SM.getExpansionLoc(FD->getEndLoc()))});
    } else {
      if (!FD->isDefaulted() && !FD->isDeleted()) Env.skipped(Env.calleeName(FD), Why, Loc);
      declined(FD, F, Plan);
    }
    return;
  }
  // A free function template declared here and defined in this unit's
  // .cpp: the other units that read this file do not see the definition
  // and declare no twin here; nor does this one (the definition in the
  // .cpp declares its own), so the file's rewrite is the same in all.
  if (const FunctionDecl* Def = nullptr; !FD->doesThisDeclarationHaveABody() && !isa<CXXMethodDecl>(FD) &&
                                         FD->isTemplated() && F != SM.getMainFileID() && FD->isDefined(Def) &&
                                         SM.getFileID(SM.getExpansionLoc(Def->getLocation())) == SM.getMainFileID())
    return;
  rewriteOverdubLambdas(Env, FD, *Plan.Edits, F, Plan.Collectors);
  TwinWriter Writer(Env, F);
  WhyNot Why;
  bool Twinned = false;
  if (Env.twinnable(FD, &Why)) {
    Twinned = addTwin(FD, F, Writer);
  } else if (FD->doesThisDeclarationHaveABody() && !FD->isDefaulted() && !FD->isDeleted()) {
    Env.skipped(Env.calleeName(FD), Why, Loc);
  }
  if (!Twinned && (FD->isExplicitlyDefaulted() || FD->isDeletedAsWritten())) declinedDeclaration(FD, F, Plan);
  else if (!Twinned && FD->doesThisDeclarationHaveABody()) declined(FD, F, Plan);
  // A foreign-declared function's declarations here name its twin too: a
  // friend's twin, and a qualified definition's (`int base::f() {`), need
  // it declared before them, as a call does (glog's generated logging.h).
  if (Twinned) Env.namesTwinAt(FD, F, SM.getDecomposedLoc(SM.getExpansionLoc(TUEnv::fileScopeStart(FD))).second);
  if (FD->isMain() && FD->doesThisDeclarationHaveABody() && !Opts.OverdubMain.empty()) {
    if (Twinned) wholeProgramEntry(Env, FD, F, Plan);
    else Env.skipped("main", SkipReason::MainWithoutTwin, Loc);
  }
  checkThunks(FD, F, Writer);
}

// Every pass on every definition that gets a twin, before anything is
// rewritten (Passes.h).
void UnitRewrite::runPasses(const std::vector<const FunctionDecl*>& Found) {
  UnitPasses Passes(*Opts.Passes);
  for (const FunctionDecl* FD : Found) {
    if (!FD->doesThisDeclarationHaveABody() || FD->getLocation().isMacroID()) continue;
    FileID F = SM.getFileID(SM.getExpansionLoc(FD->getLocation()));
    if (!Env.inRootFile(F) || !owns(F)) continue;
    // Twins printed from the AST (a macro spells the declaration) are not edited.
    if (!isa<CompoundStmt>(FD->getBody()) || !Env.writtenStart(FD) || !Env.twinnable(FD)) continue;
    std::optional<PassedFunction> P = Passes.run(Env, FD, F, Result.PassErrors);
    if (P) PassedCanonical.insert(FD->getCanonicalDecl());
    // Only a function outside the main file may be seen by another unit.
    if (F != SM.getMainFileID()) fingerprint(FD, P ? &*P : nullptr);
    if (P) Passed.emplace(FD, std::move(*P));
  }
}

// What each pass did to FD, for the run to compare across units.
void UnitRewrite::fingerprint(const FunctionDecl* FD, const PassedFunction* P) {
  Location L = Env.location(FD->getLocation());
  std::string Name = Env.calleeName(FD) + " (" + L.File + ":" + std::to_string(L.Line) + ")";
  std::string Key = TUEnv::definitionKey(FD);
  for (const LoadedPass& Pass : Opts.Passes->Passes) {
    std::string Print;
    if (P)
      for (const PassedFunction::ByPass& B : P->Edited)
        if (B.Name == Pass.Name)
          for (const FlatEdit& E : B.Edits)
            Print += std::to_string(E.Range.Begin) + "-" + std::to_string(E.Range.End) + ":" + E.Text + "\n";
    Result.PassFingerprints[{Pass.Name, Key}] = {Name, Print};
  }
}

// FD's twin, and for a definition its anchor.
bool UnitRewrite::addTwin(const FunctionDecl* FD, FileID F, TwinWriter& Writer) {
  std::optional<Insertion> I = Writer.twin(FD);
  if (!I) return false;
  if (PassedCanonical.count(FD->getCanonicalDecl())) {
    // Edited by passes: its stub (a definition's, for the placeholder that
    // stands for its twin until the stubs are rewritten), or a declaration's
    // twin, which the stubs' parse needs too.
    std::string Abs = Env.absolutePath(F);
    auto It = Passed.find(FD);
    std::optional<Insertion> Stub = It != Passed.end() ? Writer.twin(FD, &It->second.StubBody) : std::nullopt;
    if (Stub) {
      size_t Index = Result.PassStubs.size();
      Result.PassStubs.push_back(
          {Abs, Stub->Offset, Stub->Line, std::move(Stub->Text), true, Index, Env.calleeName(FD)});
      I->Text = passTwinPlaceholder(Index);
    } else if (It == Passed.end()) {
      Result.PassStubs.push_back({Abs, I->Offset, I->Line, I->Text, false, 0, Env.calleeName(FD)});
    }
    Result.PassBuffers.emplace(Abs, SM.getBufferData(F).str());
  }
  FilePlan& Plan = Plans[F];
  Plan.Insertions.push_back(std::move(*I));
  SourceRange Lines(SM.getExpansionLoc(FD->getBeginLoc()), SM.getExpansionLoc(FD->getEndLoc()));
  Plan.Spans.push_back({TUEnv::definitionKey(FD), Env.calleeName(FD), Env.writtenLine(Lines.getBegin()),
                        Env.writtenLine(Lines.getEnd())});
  if (!FD->doesThisDeclarationHaveABody()) return true;
  forwardEntryToTwin(Env, FD, F, *Plan.Edits, Plan.EntriesInclude);
  addAnchor(FD, F, Writer);
  return true;
}

// [Begin, End] in F, which this unit reads and gives no twin, widened
// through the end of its last line (where another unit would insert the
// twin).
void UnitRewrite::declined(SourceLocation Begin, SourceLocation End, FileID F, FilePlan& Plan) {
  auto [BF, B] = SM.getDecomposedLoc(Begin);
  auto [EF, E] = SM.getDecomposedLoc(End);
  if (BF != F || EF != F || B > E) return;
  llvm::StringRef Text = SM.getBufferData(F);
  size_t LineEnd = Text.find('\n', E);
  Plan.Declined.push_back(
      {B, LineEnd == llvm::StringRef::npos ? static_cast<unsigned>(Text.size()) : static_cast<unsigned>(LineEnd + 1)});
}

// FD's body.
void UnitRewrite::declined(const FunctionDecl* FD, FileID F, FilePlan& Plan) {
  if (const Stmt* Body = FD->getBody())
    declined(SM.getExpansionLoc(Body->getBeginLoc()), SM.getExpansionLoc(Body->getEndLoc()), F, Plan);
}

// FD's declaration, defaulted or deleted here: another unit may read it
// user-provided and declare a twin after it (glm's `tdualquat()
// GLM_DEFAULT;`, where a test's GLM_FORCE_CTOR_INIT empties the macro),
// which must not be declared here.
void UnitRewrite::declinedDeclaration(const FunctionDecl* FD, FileID F, FilePlan& Plan) {
  declined(SM.getExpansionLoc(FD->getBeginLoc()), SM.getExpansionRange(FD->getEndLoc()).getEnd(), F, Plan);
}

// Other files reach a defined twin only if it is anchored (or needs no anchor).
void UnitRewrite::addAnchor(const FunctionDecl* FD, FileID F, TwinWriter& Writer) {
  // A function defined out of line in a header (a header-only library's
  // implementation part, compiled by the unit that defines its
  // IMPLEMENTATION macro) is anchored in that unit's main file, after the
  // header: there its twin is defined. Units that include the header
  // without the definition declare the twin and reach this anchor.
  TwinWriter::Anchor A = Writer.anchor(FD);
  // At the function's line: an error in it points there (and the check
  // takes the twin away).
  std::string AtFunction = "\n#line " + std::to_string(Env.writtenLine(SM.getExpansionLoc(FD->getLocation()))) + " " +
                           quoted(Env.absolutePath(F)) + "\n";
  if (!A.Text.empty()) Anchors += AtFunction + A.Text;
  Result.Defined.insert(A.Defined.begin(), A.Defined.end());
  for (const auto& [K, If] : A.DefinedIf) Result.DefinedIf.emplace(K, If);
  for (const auto& [K, Why] : A.Unanchored) Result.Unanchored.emplace(K, Why);
}

// Explicit instantiation definitions in this unit of a template defined
// under --root, here or in a header (fmt's format.cc instantiates
// dragonbox::to_decimal<double>, defined in format-inl.h): other units reach
// those instances' twins, through markers from headers (instanceDefinedAway)
// or through the twin a header declares, so they are anchored here,
// whichever unit rewrites the file that defines the template. (Clang keeps
// no place for them: one in a header would be anchored by every unit that
// includes it, which only instantiates the twin more than once.)
void UnitRewrite::anchorExplicitInstantiations(const std::vector<const FunctionDecl*>& Found) {
  std::set<const FunctionDecl*> Anchored;
  for (const FunctionDecl* FD : Found) {
    const FunctionTemplateDecl* FTD = FD->getDescribedFunctionTemplate();
    if (!FTD || !FD->doesThisDeclarationHaveABody() || !Env.twinnable(FD)) continue;
    FileID F = SM.getFileID(SM.getExpansionLoc(FD->getLocation()));
    TwinWriter Writer(Env, F);
    for (const FunctionDecl* S : FTD->specializations()) {
      if (S->getTemplateSpecializationKind() != TSK_ExplicitInstantiationDefinition) continue;
      std::string IA = Writer.instanceAnchor(FD, S);
      if (IA.empty() || !Anchored.insert(S).second) continue;
      Result.Defined.insert(TUEnv::instanceKey(S));
      Anchors += "\n#line " + std::to_string(Env.writtenLine(SM.getExpansionLoc(FD->getLocation()))) + " " +
                 quoted(Env.absolutePath(F)) + "\n" + IA;
    }
  }
}

// A virtual member's thunk, or why an override has none.
void UnitRewrite::checkThunks(const FunctionDecl* FD, FileID F, TwinWriter& Writer) {
  const auto* MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD) return;
  if (MD->isVirtual() && !Env.hasVirtualThunk(MD))
    for (const CXXMethodDecl* Base : MD->overridden_methods())
      if (Env.hasVirtualThunk(Base) && !Base->isPureVirtual())
        Env.skipped(Env.calleeName(MD), WhyNot(SkipReason::OverrideWithoutThunk, Env.calleeName(Base)),
                    FD->getLocation());
  if (!MD->isOutOfLine() && MD == MD->getCanonicalDecl() && Env.hasVirtualThunk(MD))
    if (auto I = Writer.thunk(MD)) Plans[F].Insertions.push_back(std::move(*I));
}

// What is written right after each class's `{`: the friend declaration
// through which anchors name its non-public members, and the callers of its
// member functions (MemberCallers.h).
void UnitRewrite::classPrologues() {
  WrittenClasses C;
  traverseWholeUnit(C, Env.Ctx);
  for (const CXXRecordDecl* RD : C.Found) {
    SourceLocation Brace = RD->getBraceRange().getBegin();
    if (Brace.isInvalid() || !Brace.isFileID()) continue;
    FileID F = SM.getFileID(Brace);
    if (!owns(F)) continue;
    // In a header, hidden from a unit built below C++20 (rt/unit.hpp); the
    // callers, whose macro is defined from C++20 on, everywhere.
    std::string Text;
    if (Env.grantsAnchorAccess(RD))
      Text = F == SM.getMainFileID() ? " friend struct ::cassette::rt::anchor_access;"
                                     : " CASSETTE_CXX20(friend struct ::cassette::rt::anchor_access;)";
    if (std::string Callers = memberCallers(Env, RD); !Callers.empty()) Text += " CASSETTE_CXX20(" + Callers + ")";
    if (Text.empty()) continue;
    unsigned At = SM.getDecomposedLoc(Brace).second + 1;
    planOf(F).Edits->add(ByteRange{At, At}, [Text] { return Text; });
  }
}

// Where the bodies of functions are, per file: a macro use there is an
// expression or statement of that body.
static std::map<FileID, std::vector<std::pair<unsigned, unsigned>>> bodyRanges(
    const SourceManager& SM, const std::vector<const FunctionDecl*>& Found) {
  std::map<FileID, std::vector<std::pair<unsigned, unsigned>>> Bodies;
  for (const FunctionDecl* FD : Found) {
    const auto* Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
    if (!Body || !FD->doesThisDeclarationHaveABody()) continue;
    SourceLocation L = Body->getLBracLoc(), R = Body->getRBracLoc();
    if (!L.isFileID() || !R.isFileID() || SM.getFileID(L) != SM.getFileID(R)) continue;
    Bodies[SM.getFileID(L)].emplace_back(SM.getFileOffset(L), SM.getFileOffset(R));
  }
  return Bodies;
}

namespace {
bool inBody(const std::vector<std::pair<unsigned, unsigned>>& Bodies, unsigned Begin, unsigned End) {
  return llvm::any_of(Bodies, [&](const auto& B) { return B.first < Begin && End <= B.second; });
}

/// The uses of Mine that Earlier expands the same way (a use of a unit's
/// other command: the run writes one text for all its commands).
std::vector<ExpandedUse> agreed(const std::vector<ExpandedUse>& Earlier, std::vector<ExpandedUse> Mine) {
  llvm::erase_if(Mine, [&](const ExpandedUse& U) {
    return llvm::none_of(
        Earlier, [&](const ExpandedUse& E) { return E.Begin == U.Begin && E.End == U.End && E.Text == U.Text; });
  });
  return Mine;
}
}  // namespace

void UnitRewrite::askForExpansion(const ExpansionRecord& Expansions, const MacroRecord& Macros,
                                  const std::vector<const FunctionDecl*>& Found) {
  FileID Main = SM.getMainFileID();
  std::map<FileID, std::vector<std::pair<unsigned, unsigned>>> Bodies = bodyRanges(SM, Found);
  // A main file another unit includes is expanded as a header is.
  llvm::SmallString<256> MainReal;
  bool SharedMain = !llvm::sys::fs::real_path(Env.absolutePath(Main), MainReal) &&
                    Opts.MainFilesIncludedElsewhere.count(std::string(MainReal));
  // A use in a body that takes __COUNTER__: a twin copies the body, and a
  // copy of the use would take numbers of its own. Expanded, it says the
  // numbers it took, and only the original takes them (TwinWriter).
  if (!SharedMain)
    for (const auto& [Offset, U] : Expansions.in(Main))
      if (Macros.countersTaken(Main, {U.Begin, U.End}) && inBody(Bodies[Main], U.Begin, U.End))
        Env.MacroUses[Main].insert(Offset);
  std::vector<ExpandedUse> MainUses;
  std::map<std::string, std::vector<ExpandedUse>> HeaderUses;
  for (const auto& [F, Offsets] : Env.MacroUses) {
    if ((F != Main && !owns(F)) || !Expansions.gaveTokens(F)) continue;
    std::vector<ExpandedUse> Uses = expandableUses(Env, Expansions, Macros, F, Offsets);
    if (F != Main || SharedMain) {
      // In a header, the tree's own macros, and others' only inside a
      // function's body (`assert`, `errno`, a test's EXPECT_EQ): a
      // framework's macro that declares members (gmock's MOCK_METHOD in
      // yaml-cpp's test/mock_event_handler.h) expanded there gave text that
      // did not compile in every unit.
      // Nor a use that takes __COUNTER__: each unit counts from its own
      // start, so the numbers its expansion says are the unit's.
      const auto& InBodies = Bodies[F];
      llvm::erase_if(Uses, [&](const ExpandedUse& U) {
        const MacroRecord::Use* M = Macros.useAt(F, U.Begin);
        if (!M || U.TakesCounter) return true;
        if (Env.inRoot(M->Definition)) return false;
        return !inBody(InBodies, U.Begin, U.End);
      });
      if (!Uses.empty()) HeaderUses[Env.absolutePath(F)] = std::move(Uses);
    } else {
      MainUses = std::move(Uses);
    }
  }
  std::map<std::string, std::map<unsigned, size_t>> Fingerprints;
  for (const auto& [F, Mine] : Claimed)
    if (Mine && F != Main && Expansions.gaveTokens(F))
      Fingerprints[Env.absolutePath(F)] = expansionFingerprints(Env, Expansions, Macros, F);
  if (SharedMain && Expansions.gaveTokens(Main))
    Fingerprints[Env.absolutePath(Main)] = expansionFingerprints(Env, Expansions, Macros, Main);
  if (!SharedMain && Opts.MainFilesOfSeveralCommands.count(std::string(MainReal))) {
    Result.CommandAsked.push_back(MainUses);
    Result.CommandPrints.push_back(Expansions.gaveTokens(Main) ? expansionFingerprints(Env, Expansions, Macros, Main)
                                                               : std::map<unsigned, size_t>());
    auto [Uses, Text] = usesOfEveryCommand(Main);
    requestExpansion(Main, std::move(Uses), std::move(HeaderUses), std::move(Fingerprints), &Text);
    return;
  }
  requestExpansion(Main, std::move(MainUses), std::move(HeaderUses), std::move(Fingerprints));
}

// The main file's uses for every command parsed so far (CommandAsked): those
// they all expand alike, and, where they differ, a use per command that
// stands under that command's condition (commandCondition), and the main
// file's text with them. Without conditions that tell the commands apart,
// only the uses they agree on (and no text: the caller makes it).
std::pair<std::vector<ExpandedUse>, std::string> UnitRewrite::usesOfEveryCommand(FileID Main) {
  std::map<unsigned, std::map<size_t, ExpandedUse>> Asked;
  std::vector<size_t> Commands;
  for (size_t C = 0; C < Result.CommandAsked.size(); ++C) {
    Commands.push_back(C);
    for (const ExpandedUse& U : Result.CommandAsked[C]) Asked[U.Begin].emplace(C, U);
  }
  auto [Kept, Split] = decideExpansions(Asked, Commands, [&](size_t C, unsigned Begin) -> std::optional<size_t> {
    auto P = Result.CommandPrints[C].find(Begin);
    if (P == Result.CommandPrints[C].end()) return std::nullopt;
    return P->second;
  });
  // Each command's place here is its place among CommandMacros only if every
  // command parsed so far asked.
  if (Result.CommandAsked.size() != Result.CommandMacros.size()) return {std::move(Kept), ""};
  std::map<size_t, std::string> Conditions;
  for (const SplitUse& S : Split)
    for (const auto& [C, Use] : S.ByKey)
      if (std::optional<std::string> Test = commandCondition(Result.CommandMacros, C)) Conditions[C] = *Test;
      else return {std::move(Kept), ""};  // nothing the preprocessor sees tells them apart
  if (Split.empty()) return {std::move(Kept), ""};
  llvm::StringRef Buffer = SM.getBufferData(Main);
  // The commands' macros at the top (commandMarker), where a later round
  // finds them.
  std::string Text = Buffer.starts_with(CommandMarkerStart) ? "" : commandMarker(Result.CommandMacros) + "#line 1\n";
  Text += withBranches(Buffer, Kept, Split, std::less<size_t>(), [&](size_t C) { return Conditions[C]; });
  for (const SplitUse& S : Split) Kept.push_back(S.ByKey.begin()->second);  // for the report
  std::sort(Kept.begin(), Kept.end(), [](const ExpandedUse& A, const ExpandedUse& B) { return A.Begin < B.Begin; });
  return {std::move(Kept), std::move(Text)};
}

// The unit's request: this command's, or, for a unit's second or later
// command (doctest builds each test source with and without
// DOCTEST_CONFIG_DISABLE), what it and the commands before agree on, or,
// for the main file, MainText: each command's own expansion of a use they
// expand differently (usesOfEveryCommand). The round parses one text with
// every command.
void UnitRewrite::requestExpansion(FileID Main, std::vector<ExpandedUse> MainUses,
                                   std::map<std::string, std::vector<ExpandedUse>> HeaderUses,
                                   std::map<std::string, std::map<unsigned, size_t>> Fingerprints,
                                   const std::string* MainText) {
  if (Result.CommandMacros.size() > 1) {
    if (!MainText) MainUses = agreed(Result.Expansion.Uses, std::move(MainUses));
    for (auto& [Path, Uses] : HeaderUses)
      if (auto Earlier = Result.HeaderExpansions.find(Path); Earlier != Result.HeaderExpansions.end())
        Uses = agreed(Earlier->second, std::move(Uses));
    for (auto& [Path, Mine] : Fingerprints)
      if (auto Earlier = Result.HeaderFingerprints.find(Path); Earlier != Result.HeaderFingerprints.end())
        for (auto It = Mine.begin(); It != Mine.end();) {
          auto E = Earlier->second.find(It->first);
          It = E == Earlier->second.end() || E->second != It->second ? Mine.erase(It) : std::next(It);
        }
  }
  Result.Expansion = {};
  if (!MainUses.empty()) {
    std::vector<std::pair<std::string, Location>> Expanded;
    for (const ExpandedUse& U : MainUses) Expanded.emplace_back(U.Macro, U.Where);
    std::string Text = MainText && !MainText->empty() ? *MainText : withExpansions(SM.getBufferData(Main), MainUses);
    Result.Expansion = {Env.absolutePath(Main), std::move(Text), std::move(Expanded), std::move(MainUses)};
  }
  for (auto& [Path, Uses] : HeaderUses)
    if (Uses.empty()) Result.HeaderExpansions.erase(Path);
    else Result.HeaderExpansions[Path] = std::move(Uses);
  for (auto& [Path, Mine] : Fingerprints) Result.HeaderFingerprints[Path] = std::move(Mine);
}

// Each file that calls a foreign-declared function (TUEnv::foreignDeclared)
// declares its twin, in its namespace, before the code that calls it; where
// the function is defined in another file, only if that is under --root.
void UnitRewrite::declareForeignTwins() {
  for (const auto& [F, Uses] : Env.ForeignTwinUses) {
    if (!owns(F)) continue;
    TwinWriter Writer(Env, F);
    std::map<std::string, std::pair<unsigned, const FunctionDecl*>> Sorted;  // one order in every unit
    // Two declarations of one function (a block-scope one and the
    // definition) are one twin, declared before the first use.
    for (const auto& [FD, At] : Uses)
      if (auto [It, New] = Sorted.try_emplace(Env.calleeName(FD) + "\n" + TUEnv::definitionKey(FD), At, FD); !New)
        It->second = {std::min(At, It->second.first), FD};
    for (const auto& [Name, Use] : Sorted) {
      const auto [At, FD] = Use;
      std::string Text = Writer.printedSignature(FD, /*NamesContext=*/false, nullptr) + ";";
      for (const DeclContext* C = FD->getDeclContext(); !C->isTranslationUnit(); C = C->getParent())
        if (const auto* N = dyn_cast<NamespaceDecl>(C))
          Text = std::string(N->isInline() ? "inline " : "") + "namespace " + N->getName().str() + " { " + Text + " }";
      Text = "extern \"C++\" { " + Text + " }";
      if (Env.twinDefinedElsewhere(FD, F)) Text = twinIfDefined(markerKey(TUEnv::definitionKey(FD), ""), Text, "");
      Plans[F].Insertions.push_back(Insertion{At, Env.writtenLine(F, At), Text + "\n", ""});
    }
  }
}

void UnitRewrite::emitFiles() {
  declareForeignTwins();
  if (std::string R = initialiserTwinRegistrations(Env); !R.empty()) {
    Anchors += "\n#line 1 " + quoted(Env.absolutePath(SM.getMainFileID())) + "\n" + R;
    Env.TakesAddresses.insert(SM.getMainFileID());
  }
  if (!Anchors.empty()) {
    FileID Main = SM.getMainFileID();
    // Instantiate this file's out-of-line twins for every registered context.
    Plans[Main].Insertions.push_back(Insertion{static_cast<unsigned>(SM.getBufferData(Main).size()), 1,
                                               anchorBlock(Anchors, Env.displayPath(Main)), ""});
  }
  // When the context header reads the tree, the end of the unit declares
  // the context that the rewritten headers' forwards look up: every main
  // file ends with it, rewritten or not.
  bool EveryMainFile = !Opts.OverdubMain.empty() && Opts.contextReadsTree();
  if (EveryMainFile) Plans[SM.getMainFileID()];
  for (auto& [F, Plan] : Plans) {
    if (Plan.Insertions.empty() && (!Plan.Edits || Plan.Edits->empty()) && Plan.Declined.empty() &&
        !(EveryMainFile && F == SM.getMainFileID()))
      continue;
    if (!Plan.Edits) Plan.Edits = std::make_unique<EditSet>(SM.getBufferData(F));
    bool MainFile = F == SM.getMainFileID();
    FileOutput Out = assemble(*Plan.Edits, SM.getBufferData(F), Env.absolutePath(F), std::move(Plan.Insertions),
                              wholeProgramEpilogue(Opts, MainFile), Env.Tagging.runtimeIncludes(),
                              Env.TakesAddresses.count(F) > 0, !MainFile);
    Out.Spans = std::move(Plan.Spans);
    Out.Skipped = Env.Macros->skipped(F);
    Out.Declined = std::move(Plan.Declined);
    std::sort(Out.Declined.begin(), Out.Declined.end(), [](ByteRange A, ByteRange B) { return A.Begin < B.Begin; });
    Out.Command = Result.CommandMacros.empty() ? 0 : Result.CommandMacros.size() - 1;
    std::string Abs = Env.absolutePath(F);
    // Edits keyed by no file (spdlog's stdout_sinks.cpp made some, at an
    // invalid FileID; where from is not yet found): nothing to write them to,
    // and an output without a path would be written outside the out-dir.
    if (Abs.empty()) continue;
    if (Result.Outputs.count(Abs)) Result.LaterOutputs[Abs].push_back(std::move(Out));  // another command's
    else Result.Outputs[Abs] = std::move(Out);
  }
}

class RewriteConsumer : public ASTConsumer {
 public:
  RewriteConsumer(const Options& O, const std::set<std::string>* Only, UnitResult& Result)
      : Opts(O), Only(Only), Result(Result) {}
  MacroRecord Macros;  // filled while the unit is parsed
  // The macro uses and what they expanded to (for macro expansion).
  std::unique_ptr<ExpansionRecord> Expansions;
  // Whole-program mode: names clang folds without a constant context.
  std::unique_ptr<FoldedOperandNames> Folded;

  void HandleTranslationUnit(ASTContext& Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred()) return;  // the run fails; nothing is written
    if (!Ctx.getLangOpts().CPlusPlus) {
      // Twins are C++20 templates: a unit compiled as C is copied unchanged.
      SourceManager& SM = Ctx.getSourceManager();
      Result.Entries->note(TUEnv(Ctx, Opts, *Result.Entries).displayPath(SM.getMainFileID()) +
                           ": compiled as C, not rewritten (its functions are primitives); compile it as C++ "
                           "(-x c++ -std=c++20) to run it under a context");
      return;
    }
    UnitRewrite(Ctx, Opts, Only, Result, Macros).run(Expansions.get(), Macros, Folded.get());
  }

 private:
  const Options& Opts;
  const std::set<std::string>* Only;
  UnitResult& Result;
};

class RewriteAction : public ASTFrontendAction {
 public:
  RewriteAction(const Options& O, const std::set<std::string>* Only, UnitResult& Result)
      : Opts(O), Only(Only), Result(Result) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& CI, llvm::StringRef) override {
    auto Consumer = std::make_unique<RewriteConsumer>(Opts, Only, Result);
    Result.CommandMacros.push_back(CI.getPreprocessorOpts().Macros);
    Preprocessor& PP = CI.getPreprocessor();
    Consumer->Macros.attach(PP);
    std::function<void(const Token&)> Watch;
    if (!Opts.OverdubMain.empty()) {
      Consumer->Folded = std::make_unique<FoldedOperandNames>(PP);
      Watch = [F = Consumer->Folded.get()](const Token& T) { F->watch(T); };
    }
    if (Opts.ExpandMacros) {
      Consumer->Expansions = std::make_unique<ExpansionRecord>();
      Consumer->Expansions->attach(PP, std::move(Watch));
    } else if (Watch) {
      PP.setTokenWatcher(std::move(Watch));
    }
    return Consumer;
  }

 private:
  const Options& Opts;
  const std::set<std::string>* Only;
  UnitResult& Result;
};

// The stubs' parse: each definition stub is rewritten as a twin, with the
// places it names as its #line directives say (the original's).
class StubConsumer : public ASTConsumer {
 public:
  StubConsumer(const Options& O, const std::vector<StubRange>& Ranges, PassStubActionFactory& Out)
      : Opts(O), Ranges(Ranges), Out(Out) {}
  MacroRecord Macros;

  void HandleTranslationUnit(ASTContext& Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred()) return;
    Report Scratch;  // the report is the first parse's
    TUEnv Env(Ctx, Opts, Scratch);
    Env.Macros = &Macros;
    Env.PresumedLines = true;
    SourceManager& SM = Ctx.getSourceManager();
    WrittenFunctions W;
    W.TraverseDecl(Ctx.getTranslationUnitDecl());
    // In each stub, the function first in it (a constructor's stub goes on
    // with its factory).
    std::map<size_t, std::pair<unsigned, const FunctionDecl*>> First;
    std::map<FileID, std::string> Paths;
    for (const FunctionDecl* FD : W.Found) {
      if (!FD->doesThisDeclarationHaveABody()) continue;
      SourceLocation L = SM.getExpansionLoc(FD->getLocation());
      FileID F = SM.getFileID(L);
      auto [P, New] = Paths.try_emplace(F);
      if (New) P->second = Env.absolutePath(F);
      unsigned Offset = SM.getFileOffset(L);
      for (const StubRange& R : Ranges)
        if (R.File == P->second && R.Begin <= Offset && Offset < R.End) {
          auto [It, Fresh] = First.try_emplace(R.Index, Offset, FD);
          if (!Fresh && Offset < It->second.first) It->second = {Offset, FD};
        }
    }
    for (const StubRange& R : Ranges) {
      auto It = First.find(R.Index);
      if (It == First.end()) continue;
      const FunctionDecl* FD = It->second.second;
      FileID F = SM.getFileID(SM.getExpansionLoc(FD->getLocation()));
      EditSet Edits(SM.getBufferData(F));
      SiteCollector Sites(Env, Edits, F);
      Sites.collect(FD);
      Out.Rendered[R.Index] = Edits.render(ByteRange{R.Begin, R.End});
      if (Env.TakesAddresses.count(F)) Out.TakesAddresses.insert(R.File);
    }
  }

 private:
  const Options& Opts;
  const std::vector<StubRange>& Ranges;
  PassStubActionFactory& Out;
};

class StubAction : public ASTFrontendAction {
 public:
  StubAction(const Options& O, const std::vector<StubRange>& Ranges, PassStubActionFactory& Out)
      : Opts(O), Ranges(Ranges), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& CI, llvm::StringRef) override {
    auto Consumer = std::make_unique<StubConsumer>(Opts, Ranges, Out);
    Consumer->Macros.attach(CI.getPreprocessor());
    return Consumer;
  }

 private:
  const Options& Opts;
  const std::vector<StubRange>& Ranges;
  PassStubActionFactory& Out;
};

}  // namespace

std::unique_ptr<FrontendAction> RewriteActionFactory::create() {
  return std::make_unique<RewriteAction>(Opts, Only, Result);
}

std::unique_ptr<FrontendAction> PassStubActionFactory::create() {
  return std::make_unique<StubAction>(Opts, Ranges, *this);
}

}  // namespace cassette::rewrite

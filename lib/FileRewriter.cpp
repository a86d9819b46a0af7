#include "FileRewriter.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "MacroExpansion.h"
#include "OverdubLambdas.h"
#include "SiteCollector.h"
#include "RewriteEnv.h"
#include "Twins.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"

using namespace clang;

namespace cassette::rewrite {

std::string unitPrologue(const std::string& Path, bool Tagging, bool TakesAddresses) {
  std::string N = std::to_string(RuntimeProtocol);
  return std::string("#include <cassette/rt/unit.hpp>\n") +
         (Tagging ? "#include <cassette/rt/tagging.hpp>\n" : "") +
         (TakesAddresses ? "#include <cassette/rt/indirect.hpp>\n" : "") +
         "static_assert(::cassette::rt::protocol_version == " + N +
         ", \"this file was rewritten by cassette-rewrite for runtime protocol " + N +
         " but is built against a runtime of another protocol (the note gives its number): build it with the "
         "runtime shipped with that cassette-rewrite (-I .../runtime), or rewrite it again with the "
         "cassette-rewrite of this runtime\");\n#line 1 " +
         quoted(Path) + "\n";
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
// context.
std::string anchorBlock(const std::string& Anchors) {
  return "namespace { struct cassette_anchor_tag_; }\n"
         "template <> bool ::cassette::rt::anchor_access::run<cassette_anchor_tag_>() {\n"
         "  return ::cassette::rt::instantiate_for_registered([]<class " + std::string(CtxParam) + ">() { " + Anchors +
         " });\n}\n"
         "namespace { [[maybe_unused]] const bool cassette_anchor_ = "
         "::cassette::rt::anchor_access::run<cassette_anchor_tag_>(); }";
}

struct FilePlan {
  std::vector<Insertion> Insertions;
  std::vector<TwinSpan> Spans;
  std::unique_ptr<EditSet> Edits;  // edits of the original text itself
  std::vector<std::unique_ptr<SiteCollector>> Collectors;  // render their edits
};

// Whole-program mode registers its context in every rewritten file, once per
// translation unit, unless the build names its own registration header.
std::string wholeProgramRegistration(const Options& O) {
  if (O.OverdubMain.empty()) return "";
  return "#if !defined(CASSETTE_CONTEXTS_HEADER) && !defined(CASSETTE_WHOLE_PROGRAM_REGISTERED)\n"
         "#define CASSETTE_WHOLE_PROGRAM_REGISTERED\n#include " +
         quoted(O.ContextHeader) + "\nCASSETTE_CONTEXTS(" + O.OverdubMain + ")\n#endif\n";
}

// The program's entry point in whole-program mode: main's twin under the context.
std::string wholeProgramMain(const Options& O, const std::vector<std::string>& ParamTypes) {
  // main's own parameter types: `const char** argv` is common and valid.
  const char* Names[] = {"cassette_argc", "cassette_argv", "cassette_envp"};
  std::string Args;
  for (size_t I = 0; I < ParamTypes.size() && I < 3; ++I)
    Args += ", (" + ParamTypes[I] + ")" + Names[I];
  return "#include <cassette/rt/whole_program.hpp>\n#include " + quoted(O.ContextHeader) +
         "\nint main([[maybe_unused]] int cassette_argc, [[maybe_unused]] char** cassette_argv, "
         "[[maybe_unused]] char** cassette_envp) {\n  return ::cassette::rt::run_main<" +
         O.OverdubMain + ">([&](auto cassette_t) { return cassette_twin_main(cassette_t" + Args + "); });\n}";
}

FileOutput assemble(EditSet& Edits, llvm::StringRef Buffer, const std::string& Path, std::vector<Insertion> Ins,
                    const std::string& Epilogue, bool Tagging, bool TakesAddresses) {
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
  for (Insertion& I : Ins) {
    unsigned Resume = 1 + static_cast<unsigned>(llvm::count(Buffer.take_front(I.Offset), '\n'));
    std::string Text = "\n#line " + std::to_string(I.Line) + " " + Q + "\n" + I.Text + "\n#line " +
                       std::to_string(Resume) + " " + Q + "\n";
    Edits.add(ByteRange{I.Offset, I.Offset}, [Text] { return Text; });
  }
  FileOutput Out;
  Out.Original = Buffer.str();
  Out.Prologue = unitPrologue(Path, Tagging, TakesAddresses);
  Out.PrologueWithTables = unitPrologue(Path, Tagging, true);
  Out.Epilogue = "\n#include <cassette/rt/registered.hpp>\n" + Epilogue;
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
    Env.skipped("main", "main spelled inside a macro: the program does not run under the context", FD->getLocation());
    return;
  }
  Plan.Edits->add(*Name, [] { return std::string("cassette_original_main"); });
  // Renamed, it loses main's implicit `return 0`.
  unsigned At = SM.getDecomposedLoc(Body->getRBracLoc()).second;
  Plan.Edits->add(ByteRange{At, At}, [] { return std::string(" return 0; "); });
  std::vector<std::string> Types;
  for (const ParmVarDecl* P : FD->parameters()) Types.push_back(Env.typeSpelling(P->getType()));
  Plan.Insertions.push_back(
      Insertion{*End, SM.getSpellingLineNumber(FD->getLocation()), wholeProgramMain(Env.Opts, Types)});
}

class RewriteConsumer : public ASTConsumer {
 public:
  RewriteConsumer(const Options& O, Report& R, TUCallbacks& CB) : Opts(O), Rep(R), CB(CB) {}
  MacroRecord Macros;  // filled while the unit is parsed
  // Every token of the unit, spelled and expanded (for macro expansion).
  std::unique_ptr<syntax::TokenCollector> Tokens;

  void HandleTranslationUnit(ASTContext& Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred()) return;  // the run fails; nothing is written
    if (!Ctx.getLangOpts().CPlusPlus) {
      // Twins are C++20 templates: a unit compiled as C is copied unchanged.
      SourceManager& SM = Ctx.getSourceManager();
      Rep.note(TUEnv(Ctx, Opts, Rep).displayPath(SM.getMainFileID()) +
               ": compiled as C, not rewritten (its functions are primitives); compile it as C++ "
               "(-x c++ -std=c++20) to run it under a context");
      return;
    }
    TUEnv Env(Ctx, Opts, Rep);
    Env.Macros = &Macros;
    SourceManager& SM = Ctx.getSourceManager();
    WrittenFunctions W;
    W.TraverseDecl(Ctx.getTranslationUnitDecl());

    std::map<FileID, FilePlan> Plans;
    std::string Anchors;  // out-of-line twins of the main file
    std::map<FileID, bool> Claimed;
    auto Owns = [&](FileID F) {
      auto It = Claimed.find(F);
      if (It != Claimed.end()) return It->second;
      bool Mine = Env.inRootFile(F) && CB.Claim(Env.absolutePath(F));
      Claimed[F] = Mine;
      return Mine;
    };

    for (const FunctionDecl* FD : W.Found) {
      SourceLocation Loc = FD->getLocation();
      FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
      if (!Env.inRootFile(F) || !Owns(F)) continue;
      FilePlan& Plan = Plans[F];
      if (!Plan.Edits) Plan.Edits = std::make_unique<EditSet>(SM.getBufferData(F));
      // A pure virtual destructor that an anchor's derived class would run
      // must be defined somewhere (Twins.cpp).
      if (isa<CXXDestructorDecl>(FD) && FD->isThisDeclarationADefinition()) CB.Defined(TUEnv::definitionKey(FD));
      auto AddTwin = [&](TwinWriter& Writer) {
        std::optional<Insertion> I = Writer.twin(FD);
        if (!I) return false;
        Plan.Insertions.push_back(std::move(*I));
        SourceRange Lines(SM.getExpansionLoc(FD->getBeginLoc()), SM.getExpansionLoc(FD->getEndLoc()));
        Plan.Spans.push_back({TUEnv::definitionKey(FD), Env.calleeName(FD), SM.getSpellingLineNumber(Lines.getBegin()),
                              SM.getSpellingLineNumber(Lines.getEnd())});
        if (!FD->doesThisDeclarationHaveABody()) return true;
        // Other files reach this twin only if it is anchored (or needs no anchor).
        TwinWriter::Anchor A;
        if (F == SM.getMainFileID() || !TwinWriter::needsAnchor(FD))
          A = Writer.anchor(FD);
        else
          A.Unanchored.push_back({TUEnv::definitionKey(FD), "defined in an included file, not in its unit's "
                                                            "main file, where anchors stand"});
        // At the function's line: an error in it points there (and the check
        // takes the twin away).
        std::string AtFunction = "\n#line " +
                                 std::to_string(SM.getSpellingLineNumber(SM.getExpansionLoc(FD->getLocation()))) +
                                 " " + quoted(Env.absolutePath(F)) + "\n";
        if (!A.Text.empty()) Anchors += AtFunction + A.Text;
        for (const std::string& K : A.Defined) CB.Defined(K);
        for (const auto& [K, If] : A.DefinedIf) CB.DefinedIf(K, If);
        for (const auto& [K, Why] : A.Unanchored) CB.Unanchored(K, Why);
        // Explicit instantiations here of a template defined here: headers
        // of other units call them through markers (instanceDefinedAway).
        if (const FunctionTemplateDecl* FTD = FD->getDescribedFunctionTemplate(); FTD && F == SM.getMainFileID())
          for (const FunctionDecl* S : FTD->specializations())
            if (S->getTemplateSpecializationKind() == TSK_ExplicitInstantiationDefinition)
              if (std::string IA = Writer.instanceAnchor(FD, S); !IA.empty()) {
                Anchors += AtFunction + IA;
                CB.Defined(TUEnv::instanceKey(S));
              }
        return true;
      };
      if (Loc.isMacroID()) {
        // A macro spells its name (`TEST(name) { ... }`): a twin printed from
        // the AST when its body is written here; its other declarations, made
        // by the macro, get none.
        if (!FD->doesThisDeclarationHaveABody()) continue;
        TwinWriter Writer(Env, F);
        std::string Why;
        if (Env.twinnable(FD, &Why))
          AddTwin(Writer);
        else if (!FD->isDefaulted() && !FD->isDeleted())
          Env.skipped(Env.calleeName(FD), "no twin: " + Why, Loc);
        continue;
      }
      // A free function template declared here and defined in this unit's
      // .cpp: the other units that read this file do not see the definition
      // and declare no twin here; nor does this one (the definition in the
      // .cpp declares its own), so the file's rewrite is the same in all.
      if (const FunctionDecl* Def = nullptr; !FD->doesThisDeclarationHaveABody() && !isa<CXXMethodDecl>(FD) &&
                                             FD->isTemplated() && F != SM.getMainFileID() && FD->isDefined(Def) &&
                                             SM.getFileID(SM.getExpansionLoc(Def->getLocation())) == SM.getMainFileID())
        continue;
      rewriteOverdubLambdas(Env, FD, *Plan.Edits, F, Plan.Collectors);
      TwinWriter Writer(Env, F);
      std::string Why;
      bool Twinned = false;
      if (Env.twinnable(FD, &Why)) {
        Twinned = AddTwin(Writer);
      } else if (FD->doesThisDeclarationHaveABody() && !FD->isDefaulted() && !FD->isDeleted()) {
        Env.skipped(Env.calleeName(FD), "no twin: " + Why, Loc);
      }
      if (FD->isMain() && FD->doesThisDeclarationHaveABody() && !Opts.OverdubMain.empty()) {
        if (Twinned)
          wholeProgramEntry(Env, FD, F, Plan);
        else
          Env.skipped("main", "main has no twin: the program does not run under the context", Loc);
      }
      if (const auto* MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVirtual() && !Env.hasVirtualThunk(MD))
        for (const CXXMethodDecl* Base : MD->overridden_methods())
          if (Env.hasVirtualThunk(Base) && !Base->isPureVirtual())
            Env.skipped(Env.calleeName(MD),
                        "override without a thunk (declared by a macro): a virtual call under a context "
                        "whose dynamic target is this override runs " + Env.calleeName(Base) + "'s twin instead",
                        Loc);
      if (const auto* MD = dyn_cast<CXXMethodDecl>(FD);
          MD && !MD->isOutOfLine() && MD == MD->getCanonicalDecl() && Env.hasVirtualThunk(MD))
        if (auto I = Writer.thunk(MD)) Plans[F].Insertions.push_back(std::move(*I));
    }
    // Anchors name non-public members through a friend declaration, written
    // right after the class's `{`.
    WrittenClasses C;
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    for (const CXXRecordDecl* RD : C.Found) {
      if (!Env.grantsAnchorAccess(RD)) continue;
      SourceLocation Brace = RD->getBraceRange().getBegin();
      FileID F = SM.getFileID(Brace);
      if (!Owns(F)) continue;
      FilePlan& Plan = Plans[F];
      if (!Plan.Edits) Plan.Edits = std::make_unique<EditSet>(SM.getBufferData(F));
      unsigned At = SM.getDecomposedLoc(Brace).second + 1;
      Plan.Edits->add(ByteRange{At, At}, [] { return std::string(" friend struct ::cassette::rt::anchor_access;"); });
    }
    if (Tokens && CB.Expand && !Env.MacroUses.empty()) {
      std::vector<std::pair<std::string, Location>> Expanded;
      std::string Text = expandMacroUses(Env, std::move(*Tokens).consume(), Macros, Expanded);
      if (!Expanded.empty()) CB.Expand(Env.absolutePath(SM.getMainFileID()), std::move(Text), std::move(Expanded));
    }
    if (std::string R = initialiserTwinRegistrations(Env); !R.empty()) {
      Anchors += "\n#line 1 " + quoted(Env.absolutePath(SM.getMainFileID())) + "\n" + R;
      Env.TakesAddresses.insert(SM.getMainFileID());
    }
    if (!Anchors.empty()) {
      FileID Main = SM.getMainFileID();
      // Instantiate this file's out-of-line twins for every registered context.
      Plans[Main].Insertions.push_back(
          Insertion{static_cast<unsigned>(SM.getBufferData(Main).size()), 1, anchorBlock(Anchors)});
    }
    for (auto& [F, Plan] : Plans) {
      if (Plan.Insertions.empty() && (!Plan.Edits || Plan.Edits->empty())) continue;
      if (!Plan.Edits) Plan.Edits = std::make_unique<EditSet>(SM.getBufferData(F));
      FileOutput Out = assemble(*Plan.Edits, SM.getBufferData(F), Env.absolutePath(F), std::move(Plan.Insertions),
                                wholeProgramRegistration(Opts), Opts.Tagging, Env.TakesAddresses.count(F) > 0);
      Out.Spans = std::move(Plan.Spans);
      CB.Emit(Env.absolutePath(F), std::move(Out));
    }
  }

 private:
  const Options& Opts;
  Report& Rep;
  TUCallbacks& CB;
};

class RewriteAction : public ASTFrontendAction {
 public:
  RewriteAction(const Options& O, Report& R, TUCallbacks& CB) : Opts(O), Rep(R), CB(CB) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& CI, llvm::StringRef) override {
    auto Consumer = std::make_unique<RewriteConsumer>(Opts, Rep, CB);
    Consumer->Macros.attach(CI.getPreprocessor());
    if (Opts.ExpandMacros && CB.Expand) Consumer->Tokens = std::make_unique<syntax::TokenCollector>(CI.getPreprocessor());
    return Consumer;
  }

 private:
  const Options& Opts;
  Report& Rep;
  TUCallbacks& CB;
};

class Factory : public tooling::FrontendActionFactory {
 public:
  Factory(const Options& O, Report& R, TUCallbacks CB) : Opts(O), Rep(R), CB(std::move(CB)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<RewriteAction>(Opts, Rep, CB); }

 private:
  const Options& Opts;
  Report& Rep;
  TUCallbacks CB;
};

}  // namespace

std::unique_ptr<tooling::FrontendActionFactory> makeRewriteActionFactory(const Options& O, Report& R, TUCallbacks CB) {
  return std::make_unique<Factory>(O, R, std::move(CB));
}

}  // namespace cassette::rewrite

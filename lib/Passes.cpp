#include "Passes.h"

#include <dlfcn.h>

#include <algorithm>
#include <exception>
#include <set>

#define CASSETTE_PASS_HOST  // the tool is not a plugin: no entry point here
#include "../include/cassette/pass.hpp"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cassette::rewrite {

namespace {

// The Clang major version of a version string ("19.1.7" -> "19").
std::string majorOf(llvm::StringRef Version) { return Version.split('.').first.str(); }

bool validPassName(llvm::StringRef Name) {
  return !Name.empty() &&
         llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) || C == '_' || C == '-' || C == '.'; });
}

}  // namespace

llvm::Expected<std::shared_ptr<const PassSet>> loadPasses(const std::vector<std::string>& Plugins) {
  auto Set = std::make_shared<PassSet>();
  std::map<std::string, std::string> Owner;  // pass name -> plugin
  std::set<std::string> Loaded;
  for (const std::string& Given : Plugins) {
    auto Fail = [&](const std::string& Why) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cassette-rewrite: error: --pass " + Given + ": " + Why);
    };
    llvm::SmallString<256> Path(Given);
    if (llvm::sys::fs::make_absolute(Path) || !llvm::sys::fs::exists(Path)) return Fail("no such file");
    if (llvm::sys::fs::is_directory(Path)) return Fail("is a directory, not a shared library");
    if (llvm::SmallString<256> Real; !llvm::sys::fs::real_path(Path, Real) && !Loaded.insert(std::string(Real)).second)
      return Fail("is given twice");
    // Every symbol resolved now: a plugin that needs what this process does
    // not have fails here, not in the middle of a run.
    ::dlerror();
    void* Handle = ::dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!Handle) {
      std::string Error = ::dlerror();
      llvm::StringRef E(Error);
      if (size_t At = E.find("undefined symbol: "); At != llvm::StringRef::npos)
        return Fail("unresolved symbol " + E.substr(At + 18).str() +
                    ": the plugin needs code that neither it nor cassette-rewrite's libraries (LLVM/Clang " +
                    CLANG_VERSION_STRING + ") provide; link it with what it uses (cassette_add_pass links Clang)");
      if (E.contains("invalid ELF header") || E.contains("file too short") || E.contains("ELF load command") ||
          E.contains("not a dynamic") || E.contains("wrong ELF class"))
        return Fail("not a shared library (" + Error + ")");
      return Fail("cannot be loaded: " + Error);
    }
    // Never unloaded: its passes run until the process ends.
    void* Entry = ::dlsym(Handle, "cassettePassPluginInfo");
    if (!Entry)
      return Fail(
          "has no entry point cassettePassPluginInfo: not a Cassette pass plugin (a pass includes "
          "<cassette/pass.hpp> and registers with cassette::pass::Register)");
    const auto* Info = static_cast<const cassette::pass::PluginInfo*>(reinterpret_cast<const void* (*)()>(Entry)());
    if (!Info) return Fail("its entry point cassettePassPluginInfo returned nothing");
    // The first member is the version in every version of PluginInfo.
    if (Info->api_version != cassette::pass::api_version)
      return Fail("speaks pass API version " + std::to_string(Info->api_version) + ", this cassette-rewrite speaks " +
                  std::to_string(cassette::pass::api_version) +
                  ": rebuild the plugin against this Cassette's <cassette/pass.hpp>");
    std::string Clang = Info->clang_version ? Info->clang_version : "";
    if (majorOf(Clang) != majorOf(CLANG_VERSION_STRING))
      return Fail("built with Clang " + (Clang.empty() ? std::string("(unknown)") : Clang) +
                  ", this cassette-rewrite runs Clang " + CLANG_VERSION_STRING +
                  ": the AST it walks is Clang's; rebuild the plugin with Clang " + majorOf(CLANG_VERSION_STRING));
    if (Info->pass_count == 0 || !Info->passes)
      return Fail("registers no pass (static cassette::pass::Register<MyPass> X(\"name\", \"what it does\");)");
    for (size_t I = 0; I < Info->pass_count; ++I) {
      const cassette::pass::PassEntry& P = Info->passes[I];
      std::string Name = P.name ? P.name : "";
      if (!validPassName(Name))
        return Fail("registers a pass named '" + Name + "': a name is letters, digits, '_', '-' and '.'");
      if (!P.make) return Fail("registers pass '" + Name + "' without a way to make it");
      auto [It, New] = Owner.emplace(Name, Given);
      if (!New)
        return Fail("registers pass '" + Name + "', which " +
                    (It->second == Given ? std::string("it registers twice") : "--pass " + It->second + " registers"));
      Set->Passes.push_back({Name, P.description ? P.description : "", Given, P.make});
    }
  }
  return Set;
}

std::string passTwinPlaceholder(size_t I) { return "@cassette_pass_twin_" + std::to_string(I) + "@"; }

std::string passFileName(const std::string& Pass) { return "<pass " + Pass + ">"; }

namespace {

// Every return statement of a body, not those of lambdas or local classes in it.
class Returns : public RecursiveASTVisitor<Returns> {
 public:
  std::vector<const ReturnStmt*> Found;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool TraverseBlockExpr(BlockExpr*) { return true; }
  bool VisitReturnStmt(ReturnStmt* S) {
    Found.push_back(S);
    return true;
  }
};

// Whether a body has labels: it cannot be copied twice into one function.
class Labels : public RecursiveASTVisitor<Labels> {
 public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl*) { return true; }
  bool VisitLabelStmt(LabelStmt*) {
    Found = true;
    return false;
  }
};

struct Edit {
  ByteRange Range;
  std::string Text;
  std::string Kind;
  SourceLocation Loc;
};

class EditorImpl final : public cassette::pass::Editor {
 public:
  EditorImpl(TUEnv& Env, const FunctionDecl* FD, FileID F, const std::string& Pass, ByteRange Body)
      : Env(Env), FD(FD), F(F), Pass(Pass), Body(Body), Buffer(Env.SM.getBufferData(F)) {}

  std::vector<Edit> Edits;
  std::vector<std::string> Errors;

  bool insert_before(const Stmt& S, std::string Text) override { return insertAround(S, Text, true, "insert_before"); }
  bool insert_after(const Stmt& S, std::string Text) override { return insertAround(S, Text, false, "insert_after"); }

  bool insert_at_entry(std::string Text) override {
    const auto* B = cast<CompoundStmt>(FD->getBody());
    add({Body.Begin + 1, Body.Begin + 1}, passText(Text, "", Body.Begin + 1), "insert_at_entry", B->getLBracLoc());
    return true;
  }

  bool insert_before_returns(std::string Text) override {
    Returns R;
    R.TraverseStmt(FD->getBody());
    bool All = true;
    for (const ReturnStmt* S : R.Found) All = insertAround(*S, Text, true, "insert_before_returns") && All;
    // A function returning void that can fall off its end: before its `}`.
    const auto* B = cast<CompoundStmt>(FD->getBody());
    bool Void = FD->getReturnType()->isVoidType() || isa<CXXConstructorDecl, CXXDestructorDecl>(FD);
    if (Void && (B->body_empty() || !isa<ReturnStmt>(B->body_back())))
      add({Body.End - 1, Body.End - 1}, passText(Text, "", Body.End - 1), "insert_before_returns", B->getRBracLoc());
    return All;
  }

  bool replace(const Stmt& S, std::string Text) override {
    std::optional<ByteRange> R = range(S, "replace");
    if (!R) return false;
    add(*R, passText(Text, "", R->End), "replace", S.getBeginLoc());
    return true;
  }

  unsigned replace_matches(const ast_matchers::StatementMatcher& M, std::string_view Id,
                           std::function<std::string(const cassette::pass::Match&)> Make) override {
    using namespace ast_matchers;
    auto Found = match(findAll(M), *FD->getBody(), Env.Ctx);
    // Outermost first: a match inside one already replaced is not visited.
    std::vector<std::pair<ByteRange, size_t>> Ranges;
    for (size_t I = 0; I < Found.size(); ++I)
      if (const Stmt* S = Found[I].getNodeAs<Stmt>(llvm::StringRef(Id.data(), Id.size())))
        // The body itself (findAll matches it too) is replace_body's business.
        if (std::optional<ByteRange> R = Env.spelledRange(S->getSourceRange(), F); R && S != FD->getBody())
          Ranges.push_back({*R, I});
    std::sort(Ranges.begin(), Ranges.end(), [](const auto& A, const auto& B) {
      if (A.first.Begin != B.first.Begin) return A.first.Begin < B.first.Begin;
      if (A.first.End != B.first.End) return A.first.End > B.first.End;
      return A.second < B.second;
    });
    unsigned N = 0;
    unsigned Covered = 0;
    for (const auto& [R, I] : Ranges) {
      if (R.Begin < Covered) continue;
      const BoundNodes& Nodes = Found[I];
      cassette::pass::Match Match{Nodes, [&](std::string_view Bound) -> std::string {
                                    llvm::StringRef B(Bound.data(), Bound.size());
                                    if (const Stmt* S = Nodes.getNodeAs<Stmt>(B)) return source(*S);
                                    if (const Decl* D = Nodes.getNodeAs<Decl>(B))
                                      if (auto DR = Env.spelledRange(D->getSourceRange(), F))
                                        return Buffer.slice(DR->Begin, DR->End).str();
                                    return "";
                                  }};
      std::string Text = Make(Match);
      const Stmt* S = Nodes.getNodeAs<Stmt>(llvm::StringRef(Id.data(), Id.size()));
      if (!inBody(R, S->getBeginLoc(), "replace_matches")) continue;
      add(R, passText(Text, "", R.End), "replace_matches", S->getBeginLoc());
      Covered = R.End;
      ++N;
    }
    return N;
  }

  bool replace_body(std::string Text) override {
    const auto* B = cast<CompoundStmt>(FD->getBody());
    add({Body.Begin + 1, Body.End - 1}, passText(Text, "", Body.End - 1), "replace_body", B->getLBracLoc());
    return true;
  }

  bool nooverdub(const CallExpr& E) override {
    std::optional<ByteRange> R = range(E, "nooverdub");
    if (!R) return false;
    add({R->Begin, R->Begin}, "CASSETTE_NOOVERDUB(", "nooverdub", E.getBeginLoc());
    add({R->End, R->End}, ")", "", E.getBeginLoc());
    return true;
  }

  std::string source(const Stmt& S) const override {
    std::optional<ByteRange> R = Env.spelledRange(S.getSourceRange(), F);
    return R ? Buffer.slice(R->Begin, R->End).str() : "";
  }

  std::string where(SourceLocation L) const override {
    Location W = Env.location(L);
    return W.File + ":" + std::to_string(W.Line) + ":" + std::to_string(W.Column);
  }

  /// Resynchronises line and column with the file at Offset, after inserted text.
  std::string lineTo(unsigned Offset) const {
    unsigned Line = Env.SM.getLineNumber(F, Offset), Column = Env.SM.getColumnNumber(F, Offset);
    return "\n#line " + std::to_string(Line) + " " + quoted(Env.absolutePath(F)) + "\n" + std::string(Column - 1, ' ');
  }

 private:
  TUEnv& Env;
  const FunctionDecl* FD;
  FileID F;
  std::string Pass;
  ByteRange Body;
  llvm::StringRef Buffer;

  // Text of the pass, placed (by #line) in a file of its own named after
  // the pass, then the file's line and column again where Resume is.
  std::string passText(const std::string& Text, const std::string& Suffix, unsigned Resume) const {
    return "\n#line 1 " + quoted(passFileName(Pass)) + "\n" + Text + Suffix + lineTo(Resume);
  }

  void error(SourceLocation L, const std::string& Message) {
    Errors.push_back(where(L.isValid() ? L : FD->getLocation()) + ": error: pass '" + Pass + "' " + Message);
  }

  bool inBody(ByteRange R, SourceLocation L, const char* Kind) {
    if (Body.Begin < R.Begin && R.End < Body.End) return true;
    error(L, std::string(Kind) + ": the node is not inside the body of '" + Env.calleeName(FD) +
                 "' (a pass edits only the body it is given)");
    return false;
  }

  // S's range in the file, inside the body; nullopt (false to the pass) in a macro.
  std::optional<ByteRange> range(const Stmt& S, const char* Kind) {
    if (S.getBeginLoc().isInvalid()) return std::nullopt;
    if (Env.SM.getFileID(Env.SM.getExpansionLoc(S.getBeginLoc())) != F) {
      error(S.getBeginLoc(), std::string(Kind) + ": the node is not in the file of '" + Env.calleeName(FD) + "'");
      return std::nullopt;
    }
    std::optional<ByteRange> R = Env.spelledRange(S.getSourceRange(), F);
    if (!R) return std::nullopt;
    if (!inBody(*R, S.getBeginLoc(), Kind)) return std::nullopt;
    if (inLocalClass(S)) return std::nullopt;
    return R;
  }

  // Whether S is in a member of a local class: the twin leaves those as
  // written, and the context slot is not visible there.
  bool inLocalClass(const Stmt& S) const {
    DynTypedNodeList Parents = Env.Ctx.getParents(S);
    for (unsigned Depth = 0; !Parents.empty() && Depth < 256; ++Depth) {
      const DynTypedNode& P = Parents[0];
      if (const auto* D = P.get<Decl>()) {
        if (isa<CXXRecordDecl>(D) && !cast<CXXRecordDecl>(D)->isLambda()) return true;
        if (const auto* Fn = dyn_cast<FunctionDecl>(D); Fn == FD) return false;
        if (const auto* M = dyn_cast<CXXMethodDecl>(D); M && !M->getParent()->isLambda()) return true;
      }
      Parents = Env.Ctx.getParents(P);
    }
    return false;
  }

  // Where a statement ends, with its `;` when it takes one.
  unsigned statementEnd(const Stmt& S, unsigned End) const {
    const Stmt* Last = &S;
    for (;;) {
      if (const auto* If = dyn_cast<IfStmt>(Last)) Last = If->getElse() ? If->getElse() : If->getThen();
      else if (const auto* W = dyn_cast<WhileStmt>(Last)) Last = W->getBody();
      else if (const auto* For = dyn_cast<ForStmt>(Last)) Last = For->getBody();
      else if (const auto* RF = dyn_cast<CXXForRangeStmt>(Last)) Last = RF->getBody();
      else if (const auto* Sw = dyn_cast<SwitchStmt>(Last)) Last = Sw->getBody();
      else if (const auto* L = dyn_cast<LabelStmt>(Last)) Last = L->getSubStmt();
      else if (const auto* C = dyn_cast<SwitchCase>(Last)) Last = C->getSubStmt();
      else break;
    }
    if (isa<CompoundStmt, DeclStmt, CXXTryStmt>(Last)) return End;
    // The next token, when it is the `;` that ends S.
    Token T;
    SourceLocation At = Env.SM.getComposedLoc(F, End);
    if (!Lexer::getRawToken(At, T, Env.SM, Env.LO, /*IgnoreWhiteSpace=*/true) && T.is(tok::semi))
      return Env.SM.getFileOffset(T.getLocation()) + 1;
    return End;
  }

  bool insertAround(const Stmt& S, const std::string& Text, bool Before, const char* Kind) {
    std::optional<ByteRange> R = range(S, Kind);
    if (!R) return false;
    unsigned End = statementEnd(S, R->End);
    // Directly in a block: the statements go in it; elsewhere (an if's
    // branch, a loop's body, after a label) S is braced with them.
    DynTypedNodeList Parents = Env.Ctx.getParents(S);
    bool InBlock = !Parents.empty() && Parents[0].get<CompoundStmt>();
    if (InBlock) {
      unsigned At = Before ? R->Begin : End;
      add({At, At}, passText(Text, "", At), Kind, S.getBeginLoc());
    } else if (Before) {
      add({R->Begin, R->Begin}, "{" + passText(Text, "", R->Begin), Kind, S.getBeginLoc());
      add({End, End}, "\n}" + lineTo(End), "", S.getBeginLoc());
    } else {
      add({R->Begin, R->Begin}, "{" + lineTo(R->Begin), "", S.getBeginLoc());
      add({End, End}, passText(Text, "\n}", End), Kind, S.getBeginLoc());
    }
    return true;
  }

  void add(ByteRange R, std::string Text, std::string Kind, SourceLocation L) {
    Edits.push_back({R, std::move(Text), std::move(Kind), L});
  }
};

// Sorted by place; insertions at one offset keep their order and come before
// a replacement starting there.
std::vector<size_t> byPlace(const std::vector<Edit>& Edits) {
  std::vector<size_t> Order(Edits.size());
  for (size_t I = 0; I < Order.size(); ++I) Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const ByteRange &RA = Edits[A].Range, &RB = Edits[B].Range;
    if (RA.Begin != RB.Begin) return RA.Begin < RB.Begin;
    bool IA = RA.Begin == RA.End, IB = RB.Begin == RB.End;
    if (IA != IB) return IA;
    return A < B;
  });
  return Order;
}

// Two edits overlap when one replaces bytes the other replaces or inserts into.
bool overlap(ByteRange A, ByteRange B) {
  if (A.Begin == A.End && B.Begin == B.End) return false;
  if (A.Begin == A.End) return B.Begin < A.Begin && A.Begin < B.End;
  if (B.Begin == B.End) return A.Begin < B.Begin && B.Begin < A.End;
  return A.Begin < B.End && B.Begin < A.End;
}

/// Runs pass P on FD: its edits, when it made some that can be applied; a
/// throw, an edit outside the body or edits that overlap add to Errors.
std::optional<std::vector<Edit>> runPass(cassette::pass::Pass& P, const std::string& PassName, TUEnv& Env,
                                         const FunctionDecl* FD, FileID F, ByteRange Body,
                                         std::vector<std::string>& Errors) {
  std::string Name = Env.calleeName(FD);
  EditorImpl E(Env, FD, F, PassName, Body);
  std::string Threw;
  try {
    P.run(*FD, Env.Ctx, E);
  } catch (const std::exception& X) {
    Threw = X.what();
  } catch (...) {
    Threw = "an exception that is not a std::exception";
  }
  Env.Rep.passVisited(PassName, Name, Env.location(FD->getLocation()));
  if (!Threw.empty()) {
    Errors.push_back(E.where(FD->getLocation()) + ": error: pass '" + PassName + "' threw while visiting '" + Name +
                     "': " + Threw);
    return std::nullopt;
  }
  Errors.insert(Errors.end(), E.Errors.begin(), E.Errors.end());
  if (!E.Errors.empty() || E.Edits.empty()) return std::nullopt;
  std::vector<size_t> Order = byPlace(E.Edits);
  for (size_t K = 0; K < Order.size(); ++K)
    for (size_t L = K + 1; L < Order.size() && E.Edits[Order[L]].Range.Begin < E.Edits[Order[K]].Range.End; ++L)
      if (overlap(E.Edits[Order[K]].Range, E.Edits[Order[L]].Range)) {
        const Edit &A = E.Edits[Order[K]], &C = E.Edits[Order[L]];
        Errors.push_back(E.where(C.Loc) + ": error: pass '" + PassName + "' makes overlapping edits in '" + Name +
                         "': " + (C.Kind.empty() ? "an edit" : C.Kind) + " here and " +
                         (A.Kind.empty() ? "an edit" : A.Kind) + " at " + E.where(A.Loc));
        return std::nullopt;
      }
  for (const Edit& X : E.Edits)
    if (!X.Kind.empty()) Env.Rep.passEdit(PassName, Name, X.Kind, Env.location(X.Loc));
  return std::move(E.Edits);
}

/// The stub's body: one body per set of the passes a context may name, the
/// most first, then the body as written; only the one the context's passes
/// select is instantiated in its twin. Names: `, "pass"` for each pass.
std::string stubBody(TUEnv& Env, const FunctionDecl* FD, FileID F, ByteRange Body,
                     const std::vector<std::vector<Edit>>& Edited, const std::string& Names) {
  llvm::StringRef Buffer = Env.SM.getBufferData(F);
  EditorImpl Lines(Env, FD, F, "", Body);
  std::string Chain = "{ ";
  for (unsigned Mask = (1u << Edited.size()) - 1; Mask > 0; --Mask) {
    std::vector<Edit> Mine;
    for (size_t K = 0; K < Edited.size(); ++K)
      if (Mask & (1u << K)) Mine.insert(Mine.end(), Edited[K].begin(), Edited[K].end());
    std::vector<FlatEdit> Flat;
    for (size_t I : byPlace(Mine)) Flat.push_back({Mine[I].Range, Mine[I].Text});
    Chain += "if constexpr (::cassette::rt::pass_mask<" + std::string(CtxParam) + Names +
             "> == " + std::to_string(Mask) + "u)" + Lines.lineTo(Body.Begin) + applyEdits(Buffer, Body, Flat) +
             " else ";
  }
  Chain += Lines.lineTo(Body.Begin) + Buffer.slice(Body.Begin, Body.End).str();
  // main's twin is an ordinary function: it may not end without a return.
  if (FD->isMain()) Chain += " return 0;";
  return Chain + " }";
}

}  // namespace

UnitPasses::UnitPasses(const PassSet& Set) : Set(Set) {
  for (const LoadedPass& P : Set.Passes) Instances.emplace_back(P.Make());
}

UnitPasses::~UnitPasses() = default;

std::optional<PassedFunction> UnitPasses::run(TUEnv& Env, const FunctionDecl* FD, FileID F,
                                              std::vector<std::string>& Errors) {
  const auto* B = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  std::optional<ByteRange> Body = B ? Env.spelledRange(B->getSourceRange(), F) : std::nullopt;
  if (!Body) return std::nullopt;
  std::string Name = Env.calleeName(FD);
  Location At = Env.location(FD->getLocation());
  struct One {
    size_t Pass;
    std::vector<Edit> Edits;
  };
  std::vector<One> Edited;
  for (size_t I = 0; I < Instances.size(); ++I)
    if (std::optional<std::vector<Edit>> Edits = runPass(*Instances[I], Set.Passes[I].Name, Env, FD, F, *Body, Errors))
      Edited.push_back({I, std::move(*Edits)});
  if (Edited.empty()) return std::nullopt;
  // Edits of different passes may not overlap either: each is made on the body as written.
  for (size_t K = 0; K < Edited.size(); ++K)
    for (size_t L = K + 1; L < Edited.size(); ++L)
      for (const Edit& A : Edited[K].Edits)
        for (const Edit& C : Edited[L].Edits)
          if (overlap(A.Range, C.Range)) {
            Location W = Env.location(C.Loc);
            Errors.push_back(W.File + ":" + std::to_string(W.Line) + ":" + std::to_string(W.Column) +
                             ": error: passes '" + Set.Passes[Edited[K].Pass].Name + "' and '" +
                             Set.Passes[Edited[L].Pass].Name + "' make overlapping edits in '" + Name + "'");
            return std::nullopt;
          }
  constexpr size_t MaxPassesPerFunction = 4;
  if (Edited.size() > MaxPassesPerFunction) {
    Errors.push_back(At.File + ":" + std::to_string(At.Line) + ":" + std::to_string(At.Column) +
                     ": error: " + std::to_string(Edited.size()) + " passes edit '" + Name + "'; at most " +
                     std::to_string(MaxPassesPerFunction) + " may edit one function");
    return std::nullopt;
  }
  Labels Ls;
  Ls.TraverseStmt(const_cast<CompoundStmt*>(B));
  if (Ls.Found) {
    Env.Rep.note(Name + " (" + At.File + ":" + std::to_string(At.Line) +
                 "): its body has labels, so it cannot hold the bodies that passes edit beside the one as written; "
                 "its twin is left without the passes' edits");
    return std::nullopt;
  }

  PassedFunction Out;
  std::string Names;
  std::vector<std::vector<Edit>> Sets;
  for (One& O : Edited) {
    PassedFunction::ByPass P;
    P.Name = Set.Passes[O.Pass].Name;
    for (size_t I : byPlace(O.Edits)) P.Edits.push_back({O.Edits[I].Range, O.Edits[I].Text});
    Out.Edited.push_back(std::move(P));
    Names += ", " + quoted(Set.Passes[O.Pass].Name);
    Sets.push_back(std::move(O.Edits));
  }
  Out.StubBody = stubBody(Env, FD, F, *Body, Sets, Names);
  return Out;
}

}  // namespace cassette::rewrite

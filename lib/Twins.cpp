#include "Twins.h"

#include "EditSet.h"
#include "SiteCollector.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cassette::rewrite {

TwinWriter::TwinWriter(TUEnv& Env, FileID File)
    : Env(Env), File(File), Buffer(Env.SM.getBufferData(File)) {}

unsigned TwinWriter::offset(SourceLocation L) const { return Env.SM.getDecomposedLoc(L).second; }

void TwinWriter::dropWords(EditSet& Edits, SourceLocation From, SourceLocation To,
                           std::initializer_list<llvm::StringRef> Words, bool StopAtBody) {
  unsigned Begin = offset(From), End = offset(To);
  Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
  Token T;
  int Depth = 0;
  while (!Raw.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    unsigned At = offset(T.getLocation());
    if (At >= End || T.is(tok::eof)) break;
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::less)) ++Depth;
    if (T.isOneOf(tok::r_paren, tok::r_square, tok::greater)) --Depth;
    if (StopAtBody && Depth <= 0 && T.isOneOf(tok::l_brace, tok::colon, tok::semi, tok::equal)) break;
    if (T.is(tok::raw_identifier) && Depth <= 0)
      for (llvm::StringRef W : Words)
        if (T.getRawIdentifier() == W) Edits.add(ByteRange{At, At + T.getLength()}, [] { return std::string(); });
  }
}

std::optional<unsigned> TwinWriter::declarationEnd(const FunctionDecl* D) {
  if (D->doesThisDeclarationHaveABody()) {
    auto R = Env.spelledRange(D->getSourceRange(), File);
    if (!R) return std::nullopt;
    return R->End;
  }
  SourceLocation L = D->getEndLoc();
  if (L.isMacroID()) return std::nullopt;
  unsigned From = offset(L);
  Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + From, Buffer.end());
  Token T;
  int Depth = 0;
  while (!Raw.LexFromRawLexer(T) && T.isNot(tok::eof)) {
    if (T.isOneOf(tok::l_paren, tok::l_brace, tok::l_square)) ++Depth;
    if (T.isOneOf(tok::r_paren, tok::r_brace, tok::r_square)) --Depth;
    if (T.is(tok::semi) && Depth <= 0) return offset(T.getLocation()) + 1;
  }
  if (T.is(tok::semi)) return offset(T.getLocation()) + 1;
  return std::nullopt;
}

std::optional<Insertion> TwinWriter::twin(const FunctionDecl* D) {
  std::string Name = Env.calleeName(D);
  auto Skip = [&](const std::string& Why) -> std::optional<Insertion> {
    Env.Rep.skipped(Name, "no twin: " + Why, Env.location(D->getLocation()));
    return std::nullopt;
  };
  SourceManager& SM = Env.SM;
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  SourceLocation Begin = D->getOuterLocStart();
  if (FTD && SM.isBeforeInTranslationUnit(FTD->getBeginLoc(), Begin)) Begin = FTD->getBeginLoc();
  SourceLocation FriendLoc;
  if (D->getFriendObjectKind() != Decl::FOK_None)
    if (const auto* RD = dyn_cast<CXXRecordDecl>(D->getLexicalDeclContext()))
      for (const FriendDecl* F : RD->friends())
        if (F->getFriendDecl() == D || (FTD && F->getFriendDecl() == FTD)) FriendLoc = F->getFriendLoc();
  if (FriendLoc.isValid() && SM.isBeforeInTranslationUnit(FriendLoc, Begin)) Begin = FriendLoc;

  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  if (!FTL) return Skip("declared through a typedef of a function type");
  std::optional<unsigned> End = declarationEnd(D);
  std::optional<ByteRange> Whole =
      End ? Env.spelledRange(SourceRange(Begin, Begin), File) : std::nullopt;
  if (!Whole || Begin.isMacroID() || FTL.getLParenLoc().isMacroID() || FTL.getRParenLoc().isMacroID() ||
      SM.getFileID(FTL.getLParenLoc()) != File)
    return Skip("declaration spelled inside a macro");
  ByteRange Range{Whole->Begin, *End};

  EditSet Edits(Buffer);
  // 1. The context type parameter.
  const TemplateParameterList* TPL = FTD ? FTD->getTemplateParameters() : nullptr;
  if (TPL && TPL->getTemplateLoc().isValid() && TPL->getRAngleLoc().isValid() &&
      !TPL->getRAngleLoc().isMacroID()) {
    unsigned At = offset(TPL->getRAngleLoc());
    bool Empty = TPL->size() == 0 || llvm::all_of(*TPL, [](const NamedDecl* P) { return P->isImplicit(); });
    Edits.add(ByteRange{At, At}, [Empty] { return std::string(Empty ? "" : ", ") + "class " + CtxParam; });
  } else {
    SourceLocation At = FriendLoc.isValid() && !FTD ? FriendLoc : D->getInnerLocStart();
    if (At.isMacroID()) return Skip("declaration spelled inside a macro");
    unsigned O = offset(At);
    Edits.add(ByteRange{O, O}, [] { return std::string("template <class ") + CtxParam + "> "; });
  }
  // 2. The context slot, first parameter.
  // Named only when the body uses it, so the twin compiles warning-free.
  bool SlotUsed = false;
  std::string Slot = std::string("::cassette::Twin<") + CtxParam + ">";
  unsigned LParen = offset(FTL.getLParenLoc()), RParen = offset(FTL.getRParenLoc());
  auto SlotText = [&SlotUsed, Slot] { return SlotUsed ? Slot + " " + CtxVar : Slot; };
  if (D->getNumParams() == 0 && !D->isVariadic())
    Edits.add(ByteRange{LParen + 1, RParen}, SlotText);
  else
    Edits.add(ByteRange{LParen + 1, LParen + 1}, [SlotText] { return SlotText() + ", "; });
  // 3. Its own name (constructors stay constructors).
  if (!isa<CXXConstructorDecl>(D)) {
    std::optional<ByteRange> NameRange = Env.spelledRange(D->getNameInfo().getSourceRange(), File);
    if (!NameRange) return Skip("name spelled inside a macro");
    std::string Twin = TUEnv::twinName(D);
    Edits.add(*NameRange, [Twin] { return Twin; });
  }
  // 4. What a function template cannot be: virtual, an override, constexpr.
  dropWords(Edits, Begin, FTL.getLParenLoc(), {"virtual", "constexpr", "consteval"}, false);
  // Up to the body, or to the `;` of a declaration (`override` is not in its range).
  SourceLocation After = D->doesThisDeclarationHaveABody() ? D->getBody()->getBeginLoc()
                                                          : SM.getComposedLoc(File, *End - 1);
  if (!After.isMacroID() && SM.isBeforeInTranslationUnit(FTL.getRParenLoc(), After))
    dropWords(Edits, FTL.getRParenLoc(), After, {"override", "final"}, true);
  // 5. The body.
  SiteCollector Sites(Env, Edits, File);
  if (D->doesThisDeclarationHaveABody()) Sites.collect(D);
  // main may end without a return; its twin is an ordinary function.
  if (D->isMain())
    if (const auto* Body = dyn_cast_or_null<CompoundStmt>(D->getBody()); Body && !Body->getRBracLoc().isMacroID()) {
      unsigned At = offset(Body->getRBracLoc());
      Edits.add(ByteRange{At, At}, [] { return std::string(" return 0; "); });
    }

  if (D->doesThisDeclarationHaveABody()) {
    std::optional<ByteRange> Body = Env.spelledRange(D->getBody()->getSourceRange(), File);
    SlotUsed = !Body || llvm::StringRef(Edits.render(*Body)).contains(CtxVar);
    if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D); Ctor && !SlotUsed)
      SlotUsed = llvm::StringRef(Edits.render(ByteRange{RParen, Body ? Body->Begin : RParen})).contains(CtxVar);
  }
  std::string Text = Edits.render(Range);
  if (D->isInExternCContext()) Text = "extern \"C++\" " + Text;
  if (D->doesThisDeclarationHaveABody()) Env.Rep.twinned(Name, Env.location(D->getLocation()));
  return Insertion{Range.End, SM.getSpellingLineNumber(Begin), Text};
}

std::string TwinWriter::anchor(const FunctionDecl* D) {
  if (!D->doesThisDeclarationHaveABody() || D->isInlined() || !D->isExternallyVisible() ||
      D->isTemplated() || D->getDescribedFunctionTemplate() || D->getFriendObjectKind() != Decl::FOK_None)
    return "";
  const DeclContext* DC = D->getDeclContext()->getRedeclContext();
  std::string Scope;
  if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) {
    if (RD->isDependentContext() || RD->isLambda()) return "";
    Scope = Env.typeSpelling(Env.Ctx.getRecordType(RD)) + "::";
  } else if (const auto* NS = dyn_cast<NamespaceDecl>(DC)) {
    Scope = "::" + NS->getQualifiedNameAsString() + "::";
  } else if (DC->isTranslationUnit()) {
    Scope = "::";
  } else {
    return "";
  }
  std::string Slot = std::string("::cassette::Twin<") + CtxParam + ">";
  std::string Params = Slot;
  for (const ParmVarDecl* P : D->parameters()) Params += ", " + Env.typeSpelling(P->getType());
  if (D->isVariadic()) Params += ", ...";
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) {
    if (Ctor->getParent()->isAbstract()) return "";
    // A constructor has no address: odr-use it from a lambda that is never called.
    std::string Named = Slot + " t";
    std::string Args = "t";
    for (unsigned I = 0; I < D->getNumParams(); ++I) {
      Named += ", " + Env.typeSpelling(D->getParamDecl(I)->getType(), "p" + std::to_string(I));
      Args += ", static_cast<" + Env.typeSpelling(D->getParamDecl(I)->getType()) + "&&>(p" + std::to_string(I) + ")";
    }
    return "{ [[gnu::used]] static constexpr auto cassette_k = +[](" + Named + ") { " +
           Scope.substr(0, Scope.size() - 2) + " cassette_o(" + Args + "); }; }";
  }
  std::string Ret = Env.typeSpelling(D->getReturnType());
  std::string Target = "&" + Scope + TUEnv::twinName(D);
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  // A used static holding the address keeps the instantiation in the object file.
  std::string Keep = "{ [[gnu::used]] static constexpr auto cassette_k = ";
  if (!MD || MD->isStatic()) return Keep + "static_cast<" + Ret + " (*)(" + Params + ")>(" + Target + "); }";
  std::string Quals;
  if (MD->getMethodQualifiers().hasConst()) Quals += " const";
  if (MD->getMethodQualifiers().hasVolatile()) Quals += " volatile";
  if (MD->getRefQualifier() == RQ_LValue) Quals += " &";
  if (MD->getRefQualifier() == RQ_RValue) Quals += " &&";
  if (D->getType()->castAs<FunctionProtoType>()->isNothrow()) Quals += " noexcept";
  return Keep + "static_cast<" + Ret + " (" + Scope + "*)(" + Params + ")" + Quals + ">(" + Target + "); }";
}

std::optional<Insertion> TwinWriter::thunk(const CXXMethodDecl* MD) {
  std::optional<unsigned> End = declarationEnd(MD);
  if (!End) return std::nullopt;
  const CXXRecordDecl* Class = MD->getParent();
  std::string Ret = Env.typeSpelling(MD->getReturnType());
  std::string Params = "::cassette::AnyTwin cassette_any_";
  std::string Forwarded;
  for (unsigned I = 0; I < MD->getNumParams(); ++I) {
    std::string P = "cassette_p" + std::to_string(I);
    QualType T = MD->getParamDecl(I)->getType();
    Params += ", " + Env.typeSpelling(T, P);
    Forwarded += (I ? ", " : "") + ("static_cast<" + Env.typeSpelling(T) + "&&>(" + P + ")");
  }
  std::string Quals;
  if (MD->getMethodQualifiers().hasConst()) Quals += " const";
  if (MD->getMethodQualifiers().hasVolatile()) Quals += " volatile";
  if (MD->getRefQualifier() == RQ_LValue) Quals += " &";
  if (MD->getRefQualifier() == RQ_RValue) Quals += " &&";
  const auto* Proto = MD->getType()->castAs<FunctionProtoType>();
  if (Proto->getExceptionSpecType() == EST_DependentNoexcept) {
    FunctionTypeLoc FTL = MD->getFunctionTypeLoc();
    std::optional<ByteRange> Spec = FTL ? Env.spelledRange(FTL.getExceptionSpecRange(), File) : std::nullopt;
    if (Spec) Quals += " " + Buffer.slice(Spec->Begin, Spec->End).str();
  } else if (Proto->isNothrow()) {
    Quals += " noexcept";
  }
  std::string Thunk = TUEnv::thunkName(MD);
  // An override of a function that has a thunk overrides that thunk too.
  bool Overrides = llvm::any_of(MD->overridden_methods(),
                                [&](const CXXMethodDecl* Base) { return Env.hasVirtualThunk(Base); });
  std::string Text = "virtual " + Ret + " " + Thunk + "(" + Params + ")" + Quals + (Overrides ? " override" : "");
  if (MD->isPureVirtual()) {
    Text += " = 0;";
  } else {
    std::string Cls = Class->getNameAsString();
    std::string Orig = "this->" + Cls + "::" + MD->getNameAsString() + "(" + Forwarded + ")";
    std::string Twin = Env.twinnable(MD)
                           ? "this->" + Cls + "::" + TUEnv::twinName(MD) + "(cassette_t" +
                                 (Forwarded.empty() ? "" : ", " + Forwarded) + ")"
                           : Orig;
    Text += " { return ::cassette::dispatch_virtual<" + Ret + ">(cassette_any_, [&]([[maybe_unused]] auto& cassette_t) -> " +
            Ret + " { return " + Twin + "; }, [&]() -> " + Ret + " { return " + Orig + "; }); }";
  }
  return Insertion{*End, Env.SM.getSpellingLineNumber(MD->getLocation()), Text};
}

}  // namespace cassette::rewrite

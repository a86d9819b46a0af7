#include "Twins.h"

#include "EditSet.h"
#include "SiteCollector.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

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
    // Only the end matters: the declaration may begin with a macro.
    SourceLocation Last = D->getSourceRange().getEnd();
    auto R = Env.spelledRange(SourceRange(Last, Last), File);
    if (!R) return std::nullopt;
    return R->End;
  }
  SourceLocation L = D->getEndLoc();
  if (L.isMacroID()) L = Env.SM.getExpansionRange(L).getEnd();  // `void f() PUGIXML_OVERRIDE;`
  if (L.isMacroID() || Env.SM.getFileID(L) != File) return std::nullopt;
  unsigned From = offset(L);
  Lexer Raw(Env.SM.getLocForStartOfFile(File), Env.LO, Buffer.begin(), Buffer.begin() + From, Buffer.end());
  Token T;
  int Depth = 0;
  std::optional<unsigned> MacroEnd;  // after a macro use that may supply the `;`
  while (!Raw.LexFromRawLexer(T) && T.isNot(tok::eof)) {
    if (T.isOneOf(tok::l_paren, tok::l_brace, tok::l_square)) ++Depth;
    if (T.isOneOf(tok::r_paren, tok::r_brace, tok::r_square)) --Depth;
    if (T.is(tok::semi) && Depth <= 0) return offset(T.getLocation()) + 1;
    if (Depth < -1) break;  // past the declaration's end: its `;` came from a macro
    if (Depth <= 0 && T.is(tok::raw_identifier) && Env.Ctx.Idents.get(T.getRawIdentifier()).hadMacroDefinition()) {
      // `void f(int) BRANCH({}, ;)`: a `;` inside the arguments is not ours to
      // write after; the declaration ends with the macro's use (or the `;`
      // right after it, as in `void f() OVERRIDE;`).
      MacroEnd = offset(T.getLocation()) + T.getLength();
      Token Next;
      Raw.LexFromRawLexer(Next);
      if (Next.is(tok::l_paren)) {
        for (int Parens = 1; Parens > 0 && !Raw.LexFromRawLexer(Next) && Next.isNot(tok::eof);)
          Parens += Next.is(tok::l_paren) ? 1 : Next.is(tok::r_paren) ? -1 : 0;
        if (Next.isNot(tok::r_paren)) return std::nullopt;
        MacroEnd = offset(Next.getLocation()) + 1;
        Raw.LexFromRawLexer(Next);
      }
      if (Next.is(tok::semi)) return offset(Next.getLocation()) + 1;
      // What may still follow in the declaration: go on; anything else
      // belongs to the next declaration.
      bool More = Next.isOneOf(tok::equal, tok::arrow, tok::amp, tok::ampamp, tok::l_square);
      if (Next.is(tok::raw_identifier)) {
        llvm::StringRef W = Next.getRawIdentifier();
        More = llvm::is_contained({"override", "final", "noexcept", "throw", "const", "volatile", "requires",
                                   "__attribute__"}, W) ||
               Env.Ctx.Idents.get(W).hadMacroDefinition();
      }
      if (!More) return MacroEnd;
      Raw.seek(offset(Next.getLocation()), /*IsAtStartOfLine=*/false);
    }
  }
  if (T.is(tok::semi)) return offset(T.getLocation()) + 1;
  return MacroEnd;
}

// `const volatile &&` as a member function's type spells them.
static std::string cvRefQualifiers(const CXXMethodDecl* MD) {
  std::string Q;
  if (MD->getMethodQualifiers().hasConst()) Q += " const";
  if (MD->getMethodQualifiers().hasVolatile()) Q += " volatile";
  if (MD->getRefQualifier() == RQ_LValue) Q += " &";
  if (MD->getRefQualifier() == RQ_RValue) Q += " &&";
  return Q;
}

std::optional<Insertion> TwinWriter::twin(const FunctionDecl* D) {
  std::string Name = Env.calleeName(D);
  auto Skip = [&](const std::string& Why) -> std::optional<Insertion> {
    Env.skipped(Name, "no twin: " + Why, D->getLocation());
    return std::nullopt;
  };
  SourceManager& SM = Env.SM;
  const FunctionTemplateDecl* FTD = D->getDescribedFunctionTemplate();
  std::optional<SourceLocation> Start = Env.writtenStart(D);
  if (!Start && D->doesThisDeclarationHaveABody() && Env.printableTwin(D)) return printedTwin(D);
  if (!Start) return Skip("declaration spelled inside a macro");
  SourceLocation Begin = *Start;
  SourceLocation FriendLoc;
  if (D->getFriendObjectKind() != Decl::FOK_None)
    if (const auto* RD = dyn_cast<CXXRecordDecl>(D->getLexicalDeclContext()))
      for (const FriendDecl* F : RD->friends())
        if (F->getFriendDecl() == D || (FTD && F->getFriendDecl() == FTD)) FriendLoc = F->getFriendLoc();

  FunctionTypeLoc FTL = D->getFunctionTypeLoc();
  std::optional<unsigned> End = declarationEnd(D);
  if (!End || SM.getFileID(Begin) != File) return Skip("declaration spelled inside a macro");
  ByteRange Range{offset(Begin), *End};

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
    if (At.isMacroID()) At = Begin;  // a leading macro: the template header goes before it
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
    if (const auto* CD = dyn_cast<CXXConversionDecl>(D)) {
      // The twin returns what the conversion converts to. Out of line, a type
      // written after `operator` is looked up in the class; before the
      // qualifier it is spelled in full.
      if (NestedNameSpecifierLoc Q = D->getQualifierLoc()) {
        std::optional<ByteRange> QR = Env.spelledRange(Q.getSourceRange(), File);
        if (!QR) return Skip("qualifier spelled inside a macro");
        std::string Type = Env.typeSpelling(CD->getConversionType());
        Edits.add(ByteRange{QR->Begin, QR->Begin}, [Type] { return Type + " "; });
      } else {
        TypeSourceInfo* TSI = D->getNameInfo().getNamedTypeInfo();
        std::optional<ByteRange> TR = TSI ? Env.spelledRange(TSI->getTypeLoc().getSourceRange(), File) : std::nullopt;
        if (!TR) return Skip("conversion type spelled inside a macro");
        Twin = Buffer.slice(TR->Begin, TR->End).str() + " " + Twin;
      }
      dropWords(Edits, Begin, FTL.getLParenLoc(), {"explicit"}, false);
    }
    Edits.add(*NameRange, [Twin] { return Twin; });
  }
  // 4. What a function template cannot be: virtual, an override, constexpr.
  dropWords(Edits, Begin, FTL.getLParenLoc(), {"virtual", "constexpr", "consteval"}, false);
  // Up to the body, or to the `;` of a declaration (`override` is not in its range).
  SourceLocation After = D->doesThisDeclarationHaveABody() ? D->getBody()->getBeginLoc()
                                                          : SM.getComposedLoc(File, *End - 1);
  if (!After.isMacroID() && SM.isBeforeInTranslationUnit(FTL.getRParenLoc(), After))
    dropWords(Edits, FTL.getRParenLoc(), After, {"override", "final"}, true);
  // ... also when a macro spells them (`PUGIXML_OVERRIDE`): drop the macro.
  for (const Attr* A : D->attrs())
    if (isa<OverrideAttr, FinalAttr>(A) && A->getLocation().isMacroID()) {
      CharSourceRange R = SM.getExpansionRange(A->getLocation());
      std::optional<ByteRange> B = Env.spelledRange(R.getAsRange(), File);
      if (B) Edits.add(*B, [] { return std::string(); });
    }
  // 5. The body.
  SiteCollector Sites(Env, Edits, File);
  if (D->doesThisDeclarationHaveABody()) Sites.collect(D);
  else if (Env.Opts.Tagging) Sites.signatureTagging(D);
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
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) Text += constructorFactory(Ctor, Edits, Range);
  if (D->isInExternCContext()) Text = "extern \"C++\" " + Text;
  if (D->doesThisDeclarationHaveABody()) Env.Rep.twinned(Name, Env.location(D->getLocation()));
  return Insertion{Range.End, SM.getSpellingLineNumber(Begin), Text};
}

std::optional<Insertion> TwinWriter::printedTwin(const FunctionDecl* D) {
  const auto* Body = cast<CompoundStmt>(D->getBody());
  ByteRange BodyRange{offset(Body->getLBracLoc()), offset(Body->getRBracLoc()) + 1};
  EditSet Edits(Buffer);
  SiteCollector Sites(Env, Edits, File);
  Sites.PrintedSignature = true;
  Sites.collect(D);
  std::string BodyText = Edits.render(BodyRange);
  std::string Text = std::string("template <class ") + CtxParam + "> ";
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  if (MD ? MD->isStatic() : D->getStorageClass() == SC_Static) Text += "static ";
  if (D->isInlineSpecified()) Text += "inline ";
  // A trailing return type prints any type; a deduced one is spelled as declared.
  QualType Ret = D->getDeclaredReturnType();
  // --tagging: by-value numbers are tagged values, as the anchors and the
  // calls expect (what signatureTagging does to a written declaration).
  auto Tagged = [&](QualType T) { return Env.Opts.Tagging && !T->isReferenceType() && taggableType(T); };
  std::string TaggedRet;
  if (Tagged(D->getReturnType()) && !isa<CXXConversionDecl>(D))
    TaggedRet = twinValueType(Env, D->getReturnType(), Env.typeSpelling(D->getReturnType()));
  bool Deduced = Ret->getContainedAutoType() != nullptr && TaggedRet.empty();
  Text += (Deduced ? Env.typeSpelling(Ret) : std::string("auto")) + " " + TUEnv::twinName(D) + "(::cassette::Twin<" +
          CtxParam + ">";
  // Named only when the body uses it, so the twin compiles warning-free.
  if (llvm::StringRef(BodyText).contains(CtxVar)) Text += std::string(" ") + CtxVar;
  for (const ParmVarDecl* P : D->parameters()) {
    std::string Name = (Sites.RenamedParameters.count(P) ? "cassette_param_" : "") + P->getNameAsString();
    if (Tagged(P->getType()))
      Text += ", " + twinValueType(Env, P->getType(), Env.typeSpelling(P->getType())) + " " + Name;
    else
      Text += ", " + Env.typeSpelling(writtenParameterType(P->getType()), Name);
  }
  if (D->isVariadic()) Text += ", ...";
  Text += ")";
  if (MD) Text += cvRefQualifiers(MD);
  if (D->getType()->castAs<FunctionProtoType>()->isNothrow()) Text += " noexcept";
  if (!Deduced) Text += " -> " + (TaggedRet.empty() ? Env.typeSpelling(Ret) : TaggedRet);
  Text += " " + BodyText;
  if (D->isInExternCContext()) Text = "extern \"C++\" " + Text;
  Env.Rep.twinned(Env.calleeName(D), Env.location(D->getLocation()));
  return Insertion{BodyRange.End, Env.SM.getSpellingLineNumber(Body->getLBracLoc()), Text};
}

// A constructor has no address, so an anchor cannot keep its twin's
// instantiation (and compilers emit only some of a constructor's variants).
// A constructor that is declared in its class and defined out of line also
// gets a static factory, cassette_construct_, returning the object as a
// prvalue; other files construct through it.
std::string TwinWriter::constructorFactory(const CXXConstructorDecl* Ctor, EditSet& Edits, ByteRange Range) {
  std::string Class = Ctor->getParent()->getNameAsString();
  if (!Ctor->isOutOfLine() && !Ctor->doesThisDeclarationHaveABody()) {
    // The declaration: the twin's text with the name turned into the factory's.
    std::optional<ByteRange> Name = Env.spelledRange(Ctor->getNameInfo().getSourceRange(), File);
    if (!Name) return "";
    Edits.add(*Name, [Class] { return "static " + Class + " cassette_construct_"; });
    dropWords(Edits, Env.SM.getComposedLoc(File, Range.Begin), Ctor->getFunctionTypeLoc().getLParenLoc(),
              {"explicit"}, false);
    return " " + Edits.render(Range);
  }
  if (!Ctor->isOutOfLine() || !Ctor->doesThisDeclarationHaveABody() || !needsAnchor(Ctor) ||
      Ctor->getParent()->isAbstract() || Ctor->isVariadic())
    return "";
  const CXXConstructorDecl* First = Ctor->getCanonicalDecl();
  if (First->isOutOfLine() || First->doesThisDeclarationHaveABody()) return "";
  // Named as the constructor's own definition names its class (`A::B::B`),
  // which resolves where that definition stands.
  std::optional<ByteRange> Qual =
      Ctor->getQualifierLoc() ? Env.spelledRange(Ctor->getQualifierLoc().getSourceRange(), File) : std::nullopt;
  if (!Qual) return "";
  std::string Scope = Buffer.slice(Qual->Begin, Qual->End).rtrim().str();  // "A::B::"
  std::string ClassName = llvm::StringRef(Scope).drop_back(2).str();
  std::string Params = std::string("::cassette::Twin<") + CtxParam + "> cassette_t", Args = "cassette_t";
  for (unsigned I = 0; I < Ctor->getNumParams(); ++I) {
    std::string P = "cassette_p" + std::to_string(I);
    QualType T = Ctor->getParamDecl(I)->getType();
    std::string Plain = Env.typeSpelling(writtenParameterType(T));
    std::string Tagged = twinValueType(Env, T, Plain);
    Params += ", " + (Tagged != Plain ? Tagged + " " + P : Env.typeSpelling(writtenParameterType(T), P));
    Args += ", static_cast<decltype(" + P + ")&&>(" + P + ")";
  }
  // Its exception specification matches the declaration (copied from the constructor's).
  std::string Noexcept = Ctor->getType()->castAs<FunctionProtoType>()->isNothrow() ? " noexcept" : "";
  return "\ntemplate <class " + std::string(CtxParam) + "> auto " + Scope + "cassette_construct_(" + Params + ")" +
         Noexcept + " -> " + ClassName + " { return " + ClassName + "(" + Args + "); }";
}

bool TwinWriter::needsAnchor(const FunctionDecl* D) {
  return D->doesThisDeclarationHaveABody() && !D->isInlined() && D->isExternallyVisible() && !D->isTemplated() &&
         !D->getDescribedFunctionTemplate();
}

std::string TwinWriter::anchor(const FunctionDecl* D) {
  if (!needsAnchor(D) || D->getFriendObjectKind() != Decl::FOK_None) return "";
  // The anchor stands at namespace scope: it can name only what is public.
  for (const Decl* X = D; X && isa<CXXRecordDecl, CXXMethodDecl>(X);
       X = dyn_cast<Decl>(X->getDeclContext()))
    if (X->getAccess() != AS_public && X->getAccess() != AS_none) return "";
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
  // Types too: a member typedef that is not public is spelled as what it names.
  for (const ParmVarDecl* P : D->parameters()) {
    std::string Type = Env.accessibleTypeSpelling(writtenParameterType(P->getType()));
    if (Type.empty()) return "";
    Params += ", " + twinValueType(Env, P->getType(), Type);
  }
  if (D->isVariadic()) Params += ", ...";
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(D)) {
    // Anchored through its factory (see constructorFactory).
    const CXXConstructorDecl* First = Ctor->getCanonicalDecl();
    if (Ctor->getParent()->isAbstract() || Ctor->isVariadic() || !Ctor->isOutOfLine() || First->isOutOfLine())
      return "";
    std::string Sig = Env.typeSpelling(Env.Ctx.getRecordType(Ctor->getParent())) + " (*)(" + Params + ")";
    return "{ [[gnu::used]] static constexpr auto cassette_k = static_cast<" + Sig + ">(&" + Scope +
           "template cassette_construct_<" + CtxParam + ">); }";
  }
  std::string RetType = Env.accessibleTypeSpelling(D->getReturnType());
  if (RetType.empty()) return "";
  // A conversion operator's twin returns the type it converts to, plain (see
  // its declaration); other twins return tagged values.
  std::string Ret =
      asTypeSpecifier(isa<CXXConversionDecl>(D) ? RetType : twinValueType(Env, D->getReturnType(), RetType));
  std::string Target = "&" + Scope + TUEnv::twinName(D);
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  // A used static holding the address keeps the instantiation in the object file.
  std::string Keep = "{ [[gnu::used]] static constexpr auto cassette_k = ";
  if (!MD || MD->isStatic()) return Keep + "static_cast<" + Ret + " (*)(" + Params + ")>(" + Target + "); }";
  std::string Quals = cvRefQualifiers(MD);
  if (D->getType()->castAs<FunctionProtoType>()->isNothrow()) Quals += " noexcept";
  return Keep + "static_cast<" + Ret + " (" + Scope + "*)(" + Params + ")" + Quals + ">(" + Target + "); }";
}

std::string TwinWriter::instanceAnchor(const FunctionDecl* D, const FunctionDecl* S) {
  for (const Decl* X = D; X && isa<CXXRecordDecl, CXXMethodDecl>(X); X = dyn_cast<Decl>(X->getDeclContext()))
    if (X->getAccess() != AS_public && X->getAccess() != AS_none) return "";
  const DeclContext* DC = D->getDeclContext()->getRedeclContext();
  std::string Scope;
  if (const auto* RD = dyn_cast<CXXRecordDecl>(DC)) {
    if (RD->isDependentContext() || RD->isLambda()) return "";
    Scope = Env.typeSpelling(Env.Ctx.getRecordType(RD)) + "::";
  } else if (const auto* NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isAnonymousNamespace()) {
    Scope = "::" + NS->getQualifiedNameAsString() + "::";
  } else if (DC->isTranslationUnit()) {
    Scope = "::";
  } else {
    return "";
  }
  const TemplateArgumentList* Args = S->getTemplateSpecializationArgs();
  if (!Args) return "";
  std::string ArgText;
  for (const TemplateArgument& A : Args->asArray()) {
    std::string One;
    if (A.getKind() == TemplateArgument::Type) One = Env.accessibleTypeSpelling(A.getAsType());
    else if (A.getKind() == TemplateArgument::Integral) One = llvm::toString(A.getAsIntegral(), 10);
    if (One.empty()) return "";  // packs, templates, declarations: not spelled here
    ArgText += One + ", ";
  }
  std::string Params = std::string("::cassette::Twin<") + CtxParam + ">";
  for (const ParmVarDecl* P : S->parameters()) {
    std::string Type = Env.accessibleTypeSpelling(P->getType());
    if (Type.empty()) return "";
    Params += ", " + twinValueType(Env, P->getType(), Type);
  }
  if (S->isVariadic()) Params += ", ...";
  std::string RetType = Env.accessibleTypeSpelling(S->getReturnType());
  if (RetType.empty()) return "";
  std::string Ret = asTypeSpecifier(twinValueType(Env, S->getReturnType(), RetType));
  std::string Target = "&" + Scope + TUEnv::twinName(D) + "<" + ArgText + CtxParam + ">";
  std::string Keep = "{ [[gnu::used]] static constexpr auto cassette_k = ";
  const auto* MD = dyn_cast<CXXMethodDecl>(D);
  if (!MD || MD->isStatic()) return Keep + "static_cast<" + Ret + " (*)(" + Params + ")>(" + Target + "); }";
  std::string Quals = cvRefQualifiers(MD);
  if (S->getType()->castAs<FunctionProtoType>()->isNothrow()) Quals += " noexcept";
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
    Params += ", " + Env.typeSpelling(writtenParameterType(T), P);
    // decltype(p)&& collapses with a reference parameter type.
    Forwarded += (I ? ", " : "") + ("static_cast<decltype(" + P + ")&&>(" + P + ")");
  }
  std::string Quals = cvRefQualifiers(MD);
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
    // Not pure: an override that has no thunk of its own (one declared by a
    // macro) must still make its class concrete. Reaching this body means the
    // dynamic target has no twin; the call runs it as written.
    Text += " { (void)cassette_any_; return this->" + MD->getNameAsString() + "(" + Forwarded + "); }";
  } else {
    std::string Cls = Class->getNameAsString();
    std::string Orig = "this->" + Cls + "::" + MD->getNameAsString() + "(" + Forwarded + ")";
    std::string Twin = Env.twinnable(MD)
                           ? "this->" + Cls + "::" + TUEnv::twinName(MD) + "(cassette_t" +
                                 (Forwarded.empty() ? "" : ", " + Forwarded) + ")"
                           : Orig;
    // --tagging: the thunk's signature is the original's, so the twin's
    // tagged result comes back untagged (metadata does not cross it yet).
    if (Env.Opts.Tagging && Twin != Orig && !MD->getReturnType()->isVoidType()) Twin = "::cassette::untag(" + Twin + ")";
    Text += " { return ::cassette::dispatch_virtual<" + Ret + ">(cassette_any_, [&]([[maybe_unused]] auto& cassette_t) -> " +
            Ret + " { return " + Twin + "; }, [&]() -> " + Ret + " { return " + Orig + "; }); }";
  }
  return Insertion{*End, Env.SM.getSpellingLineNumber(MD->getLocation()), Text};
}

}  // namespace cassette::rewrite

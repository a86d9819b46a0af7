// Twins: for every function written under --root, a copy templated on the
// context type, named cassette_twin_NAME, taking the context slot first, with
// its body's calls rewritten. Virtual functions also get a thunk that
// dispatches a call to the twin of the dynamic target.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "RewriteEnv.h"

namespace cassette::rewrite {

/// Text to insert into a file after byte Offset; it starts at source line
/// Line of the original file (for #line).
struct Insertion {
  unsigned Offset = 0;
  unsigned Line = 0;
  std::string Text;
  /// In a header, what a unit built below C++20 sees instead of Text
  /// (nothing when empty).
  std::string BelowCxx20;
};

class TwinWriter {
 public:
  /// The twin's declaration up to its body, from the AST.
  std::string printedSignature(const clang::FunctionDecl* D, bool NamesContext,
                               const llvm::DenseSet<const clang::ParmVarDecl*>* Renamed);
  TwinWriter(TUEnv& Env, clang::FileID File);

  /// The twin of a written declaration or definition, placed right after it.
  /// With StubBody (Passes.h): the twin's declaration with that body, its
  /// calls not rewritten (a stub for the parse that rewrites passes' edits).
  std::optional<Insertion> twin(const clang::FunctionDecl* D, const std::string* StubBody = nullptr);
  /// For a function template defined at its first declaration: its twin's
  /// declaration, on one line, to go before it (whole-program mode, where
  /// the original's body calls the twin). Nothing when it cannot be written
  /// (a default argument, which the twin's definition gives).
  std::optional<std::string> declarationBefore(const clang::FunctionDecl* D);
  /// The virtual thunk of a virtual member function, placed after its
  /// declaration in the class.
  std::optional<Insertion> thunk(const clang::CXXMethodDecl* MD);
  /// What the anchor of a definition holds and lets other files reach.
  struct Anchor {
    /// Statements instantiating its twin for the registered context
    /// CassetteCtx (in ::cassette::rt::anchor_access::run, a friend of the
    /// tree's classes); may hold markers.
    std::string Text;
    /// Keys (TUEnv::definitionKey, TUEnv::baseObjectKey) other files may call.
    std::vector<std::string> Defined;
    /// Keys other files may call if the second key is defined too.
    std::vector<std::pair<std::string, std::string>> DefinedIf;
    /// Keys defined here that other files cannot call, and why.
    std::vector<std::pair<std::string, std::string>> Unanchored;
  };
  /// For a twin defined out of line in this file with external linkage: the
  /// statements that instantiate it for a registered context, so that other
  /// files can call it.
  std::string deducedTwinResult(const clang::FunctionDecl* D, const std::string& Class, const std::string& Scope,
                                const std::vector<std::string>& Types);
  Anchor anchor(const clang::FunctionDecl* D);
  /// For an explicit instantiation definition S (`template double M::twice<double>(double);`)
  /// of the template whose definition D is in this file: the statement that
  /// instantiates S's twin for a registered context, so that headers calling
  /// S from other units reach it (TUEnv::instanceDefinedAway). Empty when it
  /// cannot be written.
  std::string instanceAnchor(const clang::FunctionDecl* D, const clang::FunctionDecl* S);
  /// Whether other files can call D's twin only through an anchor.
  static bool needsAnchor(const clang::FunctionDecl* D);
  /// Where a declaration ends: after its body, or after its `;`.
  std::optional<unsigned> declarationEnd(const clang::FunctionDecl* D);

 private:
  unsigned offset(clang::SourceLocation L) const;
  /// The twin of a definition whose declaration a macro spells
  /// (TUEnv::printableTwin): declaration printed from the AST, body copied.
  std::optional<Insertion> printedTwin(const clang::FunctionDecl* D);
  std::optional<Insertion> printedDeclaration(const clang::FunctionDecl* D);

  std::optional<std::string> writtenParameter(const clang::ParmVarDecl* P, const std::string& Name);
  std::string constructorFactory(const clang::CXXConstructorDecl* Ctor, class EditSet& Edits, ByteRange Range);
  // The steps of twin(). twinHead: the template header, the slot, the name,
  // the specifiers and attributes a template's declaration cannot keep.
  std::optional<SkipReason> twinHead(EditSet& Edits, const clang::FunctionDecl* D, ByteRange Range,
                                     std::function<std::string()> SlotText);
  void contextParameter(EditSet& Edits, const clang::FunctionDecl* D, clang::SourceLocation Begin);
  std::optional<SkipReason> twinNameEdit(EditSet& Edits, const clang::FunctionDecl* D, clang::SourceLocation Begin);
  std::optional<ByteRange> writtenConversionType(const clang::FunctionDecl* D, ByteRange Name);
  void dropSpecifiers(EditSet& Edits, const clang::FunctionDecl* D, clang::SourceLocation Begin, unsigned End);
  void dropCounterTaken(EditSet& Edits, ByteRange R) const;
  void shiftParameterAttributes(EditSet& Edits, const clang::FunctionDecl* D, ByteRange Range);
  void dropParameterQualifiers(EditSet& Edits, const clang::FunctionDecl* D);
  void unhideOwnName(EditSet& Edits, const clang::FunctionDecl* D, ByteRange Range);
  bool dropAddedDefaultArguments(EditSet& Edits, const clang::FunctionDecl* D);
  bool specializationGuard(EditSet& Edits, const clang::FunctionDecl* D, const clang::FunctionTemplateDecl* FTD);
  // Parts of anchor().
  void baseObjectAnchor(Anchor& A, const clang::CXXConstructorDecl* Ctor, const std::vector<std::string>& Types);
  std::string pureOverriders(const clang::CXXRecordDecl* RD, const std::string& Class,
                             const std::vector<const clang::CXXMethodDecl*>& Pure);
  /// Drop the tokens in [From, To) whose spelling is in Words.
  void dropWords(class EditSet& Edits, clang::SourceLocation From, clang::SourceLocation To,
                 std::initializer_list<llvm::StringRef> Words, bool StopAtBody);

  TUEnv& Env;
  clang::FileID File;
  llvm::StringRef Buffer;
};

/// Whether the twin of FD, a template with explicit specializations, can
/// run them for their arguments (TwinWriter writes that guard); TUEnv::twinnable
/// gives no twin otherwise, so that no call names one.
bool explicitSpecializationsGuardable(TUEnv& Env, const clang::FunctionDecl* FD);

}  // namespace cassette::rewrite

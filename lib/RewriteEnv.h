// What every part of the rewriter needs while one translation unit is open:
// the AST, the source manager, which files are under --root, the report, and
// the two decisions that must agree everywhere: whether a function has a twin,
// and what its callee identity is.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "EditSet.h"
#include "Macros.h"
#include "Paths.h"
#include "Report.h"
#include "Rewrite.h"
#include "SkipReasons.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "tagging/Policy.h"

namespace cassette::rewrite {

/// Whether a twin written beside D needs `extern "C++"`: a template cannot
/// have C linkage, and D stands in an `extern "C" {` block. Not inside a
/// class: class members have C++ linkage anyway, and a linkage
/// specification is no member declaration (and a class defined in such a
/// block can have no member template: those members get no twin).
inline bool twinNeedsCxxLinkage(const clang::FunctionDecl* D) {
  return D->isInExternCContext() && D->getLexicalDeclContext()->getRedeclContext()->isFileContext();
}

/// Narrows the unit's parent map (ASTContext::getParents) to the top-level
/// declarations outside system headers. Built over the whole unit it
/// traversed every standard header, a tenth of a rewrite's time; the
/// rewriter asks for parents only in the bodies it rewrites, under --root.
/// It narrows RecursiveASTVisitor's traversal of the translation unit too:
/// a visitor that must see the whole unit goes through traverseWholeUnit.
void narrowParentMap(clang::ASTContext& Ctx);

/// Every declaration of the unit, whatever the traversal scope: what
/// TraverseDecl(TranslationUnitDecl) visits under the full scope.
template <class Visitor>
void traverseWholeUnit(Visitor& V, clang::ASTContext& Ctx) {
  for (clang::Decl* D : Ctx.getTranslationUnitDecl()->decls()) {
    if (llvm::isa<clang::BlockDecl, clang::CapturedDecl>(D)) continue;  // as RecursiveASTVisitor skips them
    if (const auto* RD = llvm::dyn_cast<clang::CXXRecordDecl>(D); RD && RD->isLambda()) continue;
    V.TraverseDecl(D);
  }
}

/// The name of the context slot parameter in every twin.
inline constexpr const char* CtxVar = "cassette_ctx_";
/// The template parameter every twin adds.
inline constexpr const char* CtxParam = "CassetteCtx";

class TUEnv {
 public:
  TUEnv(clang::ASTContext& Ctx, const Options& Opts, Report& Rep)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Opts(Opts), Rep(Rep), Tagging(Opts) {}

  clang::ASTContext& Ctx;
  clang::SourceManager& SM;
  const clang::LangOptions& LO;
  const Options& Opts;
  Report& Rep;
  /// What --tagging changes outside function bodies (tagging/Policy.h).
  const TaggingPolicy Tagging;
  /// How this unit's macros used their arguments (null: no call in a macro
  /// argument is edited).
  const MacroRecord* Macros = nullptr;
  /// Places are named by presumed line and column (#line directives
  /// followed): in the parse of a unit with the stubs of pass-edited twins
  /// inserted (Passes.h), whose #line directives name the original's lines.
  bool PresumedLines = false;
  /// Whether a default argument or default member initialiser of the unit
  /// names its place (SharedInvokers.cpp); computed once, when first asked.
  std::optional<bool> PlaceNamingDefaults;
  /// The names of the functions ifunc attributes name as their resolvers
  /// (run by the loader, before anything else): found on first use.
  std::optional<std::set<std::string>> IFuncResolvers;
  /// writtenLines of each file asked about, made on first use.
  std::map<clang::FileID, std::vector<unsigned>> WrittenLines;

  bool inRoot(clang::SourceLocation L);
  bool inRootFile(clang::FileID F);
  std::string absolutePath(clang::FileID F) const;  // its real path, asked once per file
  std::string displayPath(clang::FileID F) const;  // relative to --root when under it
  Location location(clang::SourceLocation L) const;
  /// The line of the file as written at L (spelled there) or at Offset of
  /// F: F's text may be an expansion with `#line`s of its own (writtenLines,
  /// MacroExpansion.h). What the `#line` before a twin, and after it, say.
  unsigned writtenLine(clang::SourceLocation L);
  unsigned writtenLine(clang::FileID F, unsigned Offset);

  /// Byte range of a token range written directly in file F (no macro in
  /// its begin or end); nullopt otherwise.
  std::optional<ByteRange> spelledRange(clang::SourceRange R, clang::FileID F) const;
  /// R widened over the `const`/`volatile` written right before it: a
  /// TypeLoc's range starts after a leading qualifier (`const char*` is
  /// `char*` in it).
  ByteRange withLeadingQualifiers(ByteRange R, clang::FileID F) const;
  /// Like spelledRange but also accepts a range that is exactly one whole
  /// macro expansion (an argument `NULL` or `M_PI`).
  std::optional<ByteRange> fileRange(clang::SourceRange R, clang::FileID F) const;
  /// The range of a call site (or of a name or type inside one) that may be
  /// edited: written directly in F, or entirely in one argument of a macro
  /// used in F that every macro it passes through substitutes exactly once.
  /// Why is set when it may not: the macro-argument reason, or
  /// SkipReason::CallInMacroBody.
  std::optional<ByteRange> editableRange(clang::SourceRange R, clang::FileID F, WhyNot* Why = nullptr) const;
  /// Whether a preprocessor directive (a `#` that starts a line, outside
  /// comments and literals) lies inside R of F: a site whose rewrite
  /// rearranges its text would move or drop it (an `#if` around the body
  /// of a range-for, an `#ifdef` between a call's arguments).
  bool spansDirective(clang::FileID F, ByteRange R) const;
  /// Why the bytes at Begin in F may not be edited (none if they may).
  std::optional<SkipReason> macroArgumentUnsafe(clang::FileID F, unsigned Begin) const;

  /// The function whose written declaration a call reaches: the template
  /// pattern of a specialisation, the member of the class template.
  static const clang::FunctionDecl* pattern(const clang::FunctionDecl* FD);
  /// Whether FD has a twin in the rewritten tree (declared under --root, with
  /// a body we can copy, and not a kind of function that cannot have one).
  /// Why is set to the reason when it has none.
  bool twinnable(const clang::FunctionDecl* FD, WhyNot* Why = nullptr);
  /// Whether a call in CallFile reaches a twin that may be defined in another
  /// file (so it exists only for registered contexts). Decided from the
  /// callee and the calling file alone, so a header shared by several
  /// translation units is rewritten the same whichever one rewrites it.
  bool twinDefinedElsewhere(const clang::FunctionDecl* FD, clang::FileID CallFile);
  /// For such a call: the key (USR) under which the run learns whether the
  /// callee is defined under --root at all; empty when the twin is local.
  std::string externalTwinKey(const clang::FunctionDecl* FD, clang::FileID CallFile);
  /// The key of a function that has a twin definition (see externalTwinKey).
  static std::string definitionKey(const clang::FunctionDecl* FD);
  /// Whether FD is an instance of a template (a function template's
  /// specialisation, a member of a class template's) whose definition other
  /// units that read CallFile may not see: none in this unit, or only in its
  /// main file while the call is in another file. Its twin exists only where
  /// a unit instantiates it explicitly (TwinWriter::instanceAnchor), keyed
  /// by instanceKey.
  bool instanceDefinedAway(const clang::FunctionDecl* FD, clang::FileID CallFile);
  static std::string instanceKey(const clang::FunctionDecl* FD);
  /// twinnable, for a call written in CallFile: a free function template
  /// defined in a .cpp is a primitive when called from a header.
  bool reachesTwin(const clang::FunctionDecl* FD, clang::FileID CallFile);
  /// The key under which a constructor's base-object variant (what a derived
  /// class's constructor runs) is anchored.
  static std::string baseObjectKey(const clang::CXXConstructorDecl* Ctor);
  /// Whether the rewriter declares ::cassette::rt::anchor_access a friend of RD
  /// (a class of the tree with non-public members, its `{` written in a file):
  /// anchors can then name RD's non-public members.
  bool grantsAnchorAccess(const clang::CXXRecordDecl* RD);
  /// Whether an anchor (a member of ::cassette::rt::anchor_access) can name D:
  /// every non-public class member on its way out is in a granting class.
  bool nameableInAnchor(const clang::NamedDecl* D);
  /// A spelling of T that an anchor may write (see accessibleTypeSpelling).
  std::string anchorTypeSpelling(clang::QualType T);
  /// Whether a twin of FD defined out of line in another file would need an
  /// anchor to be reached from this one: FD is not inline, not a template,
  /// has external linkage, and is declared first outside this unit's main file.
  bool mayNeedAnchor(const clang::FunctionDecl* FD);
  /// Whether the unit that defines FD can anchor its twin (for a
  /// constructor: its complete-object variant, or for an abstract class its
  /// base-object variant). Decided from FD's declaration and class alone, so
  /// every unit agrees. Why is set to the reason when it cannot.
  bool anchorable(const clang::FunctionDecl* FD, WhyNot* Why = nullptr);
  /// For a constructor: whether a class derived from its class can be
  /// declared inside an anchor (cassette_base_ in Twins.cpp) to instantiate
  /// the constructor's base-object variant. Its pure virtual final
  /// overriders, which it must override, are put in Pure.
  bool baseAnchorable(const clang::CXXConstructorDecl* Ctor, WhyNot* Why = nullptr,
                      std::vector<const clang::CXXMethodDecl*>* Pure = nullptr);
  /// Where the written declaration D begins (its template header, `friend`,
  /// or a macro at its very start, copied as written), when D can be copied
  /// as text: begin, name and parameter list spelled in one file.
  std::optional<clang::SourceLocation> writtenStart(const clang::FunctionDecl* D);
  /// A callee that clang picks or feeds by what it sees where the call is
  /// written: an enable_if overload (a constant argument), a pass_object_size
  /// parameter (the size of the object the argument points to). Through an
  /// invoker, it would see the invoker's parameter instead.
  static bool decidedAtTheCall(const clang::FunctionDecl* FD);
  /// Whether an ifunc attribute of this unit names FD as its resolver.
  bool ifuncResolver(const clang::FunctionDecl* FD);
  /// Whether the definition D, whose declaration is not copyable as text (a
  /// macro spells its name or parameters), gets a twin printed from the AST:
  /// its body `{...}` is written in the file after the macro's use.
  bool printableTwin(const clang::FunctionDecl* D, WhyNot* Why = nullptr);
  /// Whether calls through FD's class dispatch virtually to twins.
  bool hasVirtualThunk(const clang::CXXMethodDecl* MD);
  /// Whether MD's thunk repeats its default arguments (each spelled in the
  /// file, not by a macro), so that a virtual call leaving them out reaches it.
  static bool thunkHasDefaults(const clang::CXXMethodDecl* MD);
  /// Whether the virtual call E of MD can go through MD's thunk: it passes
  /// every argument, or the thunk supplies those it leaves out.
  static bool thunkTakesCall(const clang::CallExpr* E, const clang::CXXMethodDecl* MD);

  /// Qualified name without template arguments: "ns::Shape::area".
  std::string calleeName(const clang::NamedDecl* D);
  /// `::cassette::fn<"name">{{"file", line, col}}`.
  std::string identity(const std::string& Name, clang::SourceLocation Decl) const;
  std::string identity(const clang::FunctionDecl* FD);
  /// The name the twin of FD is declared under.
  static std::string twinName(const clang::FunctionDecl* FD);
  /// `::a::b::` for a function of namespace a::b, `::` for the global one.
  /// An unnamed namespace is left out (`::a::` names what `a`'s unnamed
  /// namespace declares) unless a name declared in the namespace before it
  /// would hide what it declares; then, or when a class is on the way, nothing.
  static std::optional<std::string> namespaceQualifier(const clang::FunctionDecl* FD);
  /// Whether FD's body takes values of __COUNTER__ other than through an
  /// expansion's CASSETTE_COUNTER_TAKEN (MacroRecord::countersTaken).
  bool bodyTakesCounter(const clang::FunctionDecl* FD) const;
  static std::string thunkName(const clang::FunctionDecl* FD);
  /// A conversion function's twin: `cassette_twin_conversion_long` (Conversions.cpp).
  static std::string conversionTwinName(const clang::CXXConversionDecl* CD);
  /// "Plus", "Subscript", ...: how twin names spell an overloaded operator.
  static const char* operatorKindName(clang::OverloadedOperatorKind K);
  /// What follows `cassette_twin_` (and `cassette_virtual_`) in the twin's
  /// name of a function named DN: the identifier, or `operator_Plus`; empty
  /// for names whose twin a dependent call cannot name (conversions, literal
  /// operators, constructors).
  static std::string twinSuffix(clang::DeclarationName DN);

  /// Reports what is left as written. When a macro is why (a reason of the
  /// category SkipCategory::Macro), the use of the macro in the main file
  /// that holds Where is kept in MacroUses, so that the unit (or, for a
  /// header, the tree) can be rewritten again with it expanded.
  void skipped(const std::string& What, const WhyNot& Why, clang::SourceRange Where);
  /// Keeps the use of the macro that spells L (if any) in MacroUses.
  void expandLater(clang::SourceLocation L);
  /// Offsets of the macro uses that hold skipped sites, in the main file
  /// and in the files under --root.
  std::map<clang::FileID, std::set<unsigned>> MacroUses;
  /// Files whose rewrite registers a twin by a function's address
  /// (`cassette::rt::twin_address`): they include the indirect-call tables
  /// (rt/indirect.hpp), which other files do not parse.
  std::set<clang::FileID> TakesAddresses;
  /// Whole-program mode: the names of the constexpr functions clang folds
  /// where no constant is required (FoldedOperands.h); their originals do
  /// not forward.
  std::set<std::string> FoldedConstexpr;
  /// A free function first declared outside --root in a header that is not
  /// a system header (gflags' generated gflags.h in the build directory)
  /// whose definition may be under --root, or one first declared at block
  /// scope (`extern void f(int);` in a body): it gets a twin where it is
  /// defined, and each file that calls it declares that twin itself.
  bool foreignDeclared(const clang::FunctionDecl* FD);
  /// File F names FD's twin at Offset, at file scope: a foreign-declared FD's
  /// twin is declared there (ForeignTwinUses).
  void namesTwinAt(const clang::FunctionDecl* FD, clang::FileID F, unsigned Offset);
  /// The declaration at file scope that holds D, from its first token
  /// (`template <...>` of a template).
  static clang::SourceLocation fileScopeStart(const clang::Decl* D);
  /// Where the code being rewritten starts: the declaration at file scope
  /// that holds it (set by SiteCollector::collect), before which a file's
  /// declarations of foreign twins go.
  std::pair<clang::FileID, unsigned> RewritingAt;
  /// Per file, the foreign twins its rewrite names (foreignDeclared), each
  /// at the first place that needs it.
  std::map<clang::FileID, std::map<const clang::FunctionDecl*, unsigned>> ForeignTwinUses;

  /// Fully qualified spelling of a type, for declarations we generate. A
  /// parameter's decayed type is its pointer (`::std::decay_t<::va_list>`
  /// where the pointer names nothing); in a parameter list spell
  /// writtenParameterType instead.
  std::string typeSpelling(clang::QualType T, const std::string& Name = "") const;
  /// A spelling of T that any code may write: a typedef that is a non-public
  /// member of its class (pugixml's protected `unspecified_bool_type`) is
  /// replaced by the type it names. Empty when even that names a non-public
  /// member class.
  std::string accessibleTypeSpelling(clang::QualType T) const;
  /// Whether T, however spelled, names a type declared inside a function.
  static bool namesLocalType(clang::QualType T);
  /// `SearchImpl SearchDFA;` with `typedef void SearchImpl(int);`: a
  /// declaration without a parameter list of its own, not in a macro.
  static bool declaredThroughTypedef(const clang::FunctionDecl* D);
  /// P's default argument is not its function's first declaration's: a
  /// later declaration (zeromq's out-of-line `bool is_lookup_ = false`)
  /// added it. A twin, a function template, cannot take it there.
  static bool defaultArgumentAddedLater(const clang::ParmVarDecl* P);
  bool declarationsTakeTwins(const clang::FunctionDecl* FD, WhyNot* Why);

 private:
  llvm::DenseMap<clang::FileID, bool> InRootCache;
  mutable llvm::DenseMap<clang::FileID, std::string> AbsolutePaths;  // realpath is a system call
  mutable llvm::DenseMap<clang::FileID, std::vector<unsigned>> DirectiveOffsets;  // sorted
  llvm::DenseMap<const clang::FunctionDecl*, std::string> StdAliasCache;
  llvm::DenseMap<const clang::CXXMethodDecl*, bool> ThunkTypesCache;
  llvm::DenseMap<const clang::CXXRecordDecl*, bool> GrantsCache;
  llvm::DenseMap<const clang::FunctionDecl*, WhyNot> AnchorableCache;  // the reason, empty if anchorable
  std::string stdAliasOf(const clang::FunctionDecl* FD);
  bool thunkTypesComplete(const clang::CXXMethodDecl* First);
  bool completeInClassOf(clang::QualType T, const clang::CXXMethodDecl* First);
};

/// A parameter's type as a parameter list writes it: an array or function
/// type that decayed to a pointer is its type as declared (the list adjusts
/// it again), since the pointer may not be writable (`va_list` decays to
/// `__va_list_tag *`) or may lose how it names a member typedef.
clang::QualType writtenParameterType(clang::QualType T);

/// A type's spelling made usable where only a type-specifier may stand (after
/// `operator`, before a declarator `R (*)(...)`): a function pointer or array
/// type is wrapped in `::std::type_identity_t<...>`.
std::string asTypeSpecifier(const std::string& Spelling);
/// An integer as a literal of its value: the smallest signed value, which no
/// literal spells, as `(-N - 1)`; an unsigned one above INT64_MAX with `ull`.
std::string integerLiteral(llvm::APSInt V);

/// For the main file's anchors: statements registering, for the context
/// CassetteCtx, the twins of functions of this unit whose address an
/// initialiser outside any function takes (IndirectCalls.cpp).
std::string initialiserTwinRegistrations(TUEnv& Env);

}  // namespace cassette::rewrite

// Cassette's `@pass` for C++: what a pass author includes. A pass is a class
// with a `run` that cassette-rewrite calls for every function body that gets a
// twin, before that body's calls are rewritten, with the declaration, the
// ASTContext and an Editor. It is built into a shared library (CMake:
// `cassette_add_pass`), loaded with `cassette-rewrite --pass lib.so`, and takes
// effect only in twins instantiated for contexts that name it
// (`using passes = cassette::passes<"name">;`). See docs/passes.md.
//
//   #include <cassette/pass.hpp>
//   struct Entry : cassette::pass::Pass {
//     void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
//       E.insert_at_entry(E.context_object() + ".entered(\"" + F.getQualifiedNameAsString() + "\");");
//     }
//   };
//   static cassette::pass::Register<Entry> X("entry", "tells the context which functions it enters");
//
// This header needs Clang's (the release cassette-rewrite was built with: the
// tool refuses a plugin built against another); it is not part of the runtime
// that programs include.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Version.h"

namespace cassette::pass {

/// The plugin interface's version: the layout of PluginInfo and the virtual
/// functions of Pass and Editor. cassette-rewrite loads only plugins built
/// with the version it speaks (and with its Clang release).
inline constexpr unsigned api_version = 1;

/// One match of Editor::replace_matches: the nodes the matcher bound.
struct Match {
  const clang::ast_matchers::BoundNodes& nodes;
  /// The text of the node bound to Id as written in the source; empty when
  /// nothing is bound to Id.
  std::function<std::string(std::string_view Id)> text;
};

/// The edits a pass makes to one function body. Every edit is source text
/// that goes into the function's twin (never into the original), in the body
/// selected for contexts that name the pass. Text may call anything the body
/// can see; its calls are intercepted like written calls, except inside
/// `CASSETTE_NOOVERDUB(...)`. Positions are nodes of the body given to `run`.
/// A method returns false (and edits nothing) when the node is spelled by a
/// macro, or is in a member of a local class (left as written in the twin,
/// where the context slot is not visible); edits that fall outside the body
/// or its file, or overlap one another, fail the run with the pass's name.
class Editor {
 public:
  virtual ~Editor() = default;

  /// Statements before / after S (a statement of the body). Directly in a
  /// `{ ... }` they stand in it (what they declare is visible after them); S
  /// that is not (an `if`'s branch, a loop's body) is braced with them.
  virtual bool insert_before(const clang::Stmt& S, std::string Text) = 0;
  virtual bool insert_after(const clang::Stmt& S, std::string Text) = 0;
  /// Statements at the start of the body, in one block.
  virtual bool insert_at_entry(std::string Text) = 0;
  /// Statements before every `return` of the body (not those of lambdas or
  /// local classes in it), and before its closing `}` when a function
  /// returning void can reach it. The return's operand runs after them.
  virtual bool insert_before_returns(std::string Text) = 0;
  /// S (a statement or an expression of the body) replaced by Text.
  virtual bool replace(const clang::Stmt& S, std::string Text) = 0;
  /// Every match of M in the body (outermost first: a match inside a
  /// replaced one is not visited) replaced by what Make returns for it. The
  /// node replaced is the one bound to Id. Returns the number replaced.
  virtual unsigned replace_matches(const clang::ast_matchers::StatementMatcher& M, std::string_view Id,
                                   std::function<std::string(const Match&)> Make) = 0;
  /// The whole body (what is between its braces) replaced by Text.
  virtual bool replace_body(std::string Text) = 0;
  /// The call E (written in the body) runs as written, not overdubbed: no
  /// hook sees it, nor the calls in its arguments (Cassette's `:nooverdub`
  /// marks only the callee).
  virtual bool nooverdub(const clang::CallExpr& E) = 0;

  /// The source text of S as written.
  virtual std::string source(const clang::Stmt& S) const = 0;
  /// `file:line:col` of L, as the rewriter names places (for messages and
  /// for what inserted code records).
  virtual std::string where(clang::SourceLocation L) const = 0;

  /// Cassette's `Expr(:contextslot)`: the twin's context slot
  /// (`::cassette::Twin<CassetteCtx>`), to pass on to twins.
  static std::string context_slot() { return "cassette_ctx_"; }
  /// The context object itself (a reference to the user's context), not
  /// overdubbed: `context_object() + ".count(...)"` calls the context as
  /// written (its arguments are still overdubbed).
  static std::string context_object() { return "CASSETTE_NOOVERDUB(cassette_ctx_.context())"; }
  /// The context's type (a template parameter of the twin).
  static std::string context_type() { return "CassetteCtx"; }
  /// Text that runs Code as written, not overdubbed.
  static std::string nooverdub(std::string_view Code) { return "CASSETTE_NOOVERDUB(" + std::string(Code) + ")"; }
};

/// A pass. A fresh instance is made for each translation unit (units are
/// rewritten in parallel), and `run` is called for each function of the unit
/// that gets a twin: a function in a header once per unit that reads it. Like
/// a Cassette pass it must be "relatively pure": the same edits for the same
/// function each time; cassette-rewrite fails the run when two units get
/// different edits for one function.
class Pass {
 public:
  virtual ~Pass() = default;
  virtual void run(const clang::FunctionDecl& F, clang::ASTContext& Ctx, Editor& E) = 0;
};

/// What registration records of a pass.
struct PassEntry {
  const char* name;
  const char* description;
  Pass* (*make)();
};

/// What a plugin's entry point `cassettePassPluginInfo` points to. Its first
/// member stays first in every version, so the tool can read it first; the
/// entry point returns `const void*`, a type no version changes, so calling
/// it is right whatever version the plugin speaks.
struct PluginInfo {
  unsigned api_version;
  const char* clang_version;  // CLANG_VERSION_STRING the plugin was built with
  const PassEntry* passes;
  std::size_t pass_count;
};

namespace detail {
/// The passes of this shared library (each plugin has its own list).
[[gnu::visibility("hidden")]] inline std::vector<PassEntry>& registered() {
  static std::vector<PassEntry> Passes;
  return Passes;
}
}  // namespace detail

/// Registers pass P (default-constructible) under Name: one static object
/// per pass, as with llvm::Registry.
///   static cassette::pass::Register<LoopCounter> X("loop_counter", "counts loop iterations");
/// Name is what contexts name in `cassette::passes<"...">`.
template <class P>
struct Register {
  Register(const char* Name, const char* Description) {
    detail::registered().push_back(PassEntry{Name, Description, []() -> Pass* { return new P(); }});
  }
};

}  // namespace cassette::pass

#ifndef CASSETTE_PASS_HOST
/// The plugin's versioned entry point (one per shared library: weak, so every
/// source of the plugin may include this header).
extern "C" [[gnu::weak, gnu::visibility("default")]] const void* cassettePassPluginInfo() {
  static cassette::pass::PluginInfo Info{};
  Info = {cassette::pass::api_version, CLANG_VERSION_STRING, cassette::pass::detail::registered().data(),
          cassette::pass::detail::registered().size()};
  return &Info;
}
#endif

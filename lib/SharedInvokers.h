// Invokers shared by the call sites of one function. A call site that passes
// invoker lambdas of its own (a callee that is neither named by its address
// nor by its class: an overload set, a function template, a call in a
// template) instantiates the call protocol on its own, since each lambda is
// a type of its own. Where the same invoker text recurs in one body, the
// rewriter declares it once, right after the twin body's `{`:
//
//   { [[maybe_unused]] auto cassette_invokes_XMLTest = [](auto&& cassette_a0) -> decltype(auto) { ... };
//   ...  ::cassette::rt::call(cassette_ctx_, fn, decltype(cassette_invokes_XMLTest){}, ..., a)
//
// and every site passes a value of its type: sites that call the same callee
// with the same argument types share one instantiation. An invoker moves to
// the top of the body only if it means the same there:
// - it names no local entity (a parameter, a local variable or type, a
//   template parameter pack, a using-declaration);
// - the body has no using-directive, `using enum` or block-scope declaration
//   of an operator, so the callee's name finds the same declarations at the
//   top as at the site;
// - nothing in it names its place or is a type of its own per site
//   (`__LINE__`, a macro, `decltype([] {})`, a default `__builtin_LINE()`);
// - in a template, the site is in no `if constexpr` branch, which may be
//   discarded.
// Outside a member function that has `this` it captures nothing, and the
// body's own lambdas make values of its type; inside one it captures `this`
// (as the site's lambda did, to call another member), and only sites outside
// the body's lambdas share it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "CallPlan.h"
#include "EditSet.h"
#include "RewriteEnv.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

namespace cassette::rewrite {

class SharedInvokers {
 public:
  /// Makes room for FD's shared invokers after the `{` of its body, in
  /// Edits, if its body can hold them (a compound statement whose braces are
  /// written in the file, of a function that is no local class's member,
  /// where nothing changes what a name finds, as above).
  void begin(const clang::FunctionDecl* FD, EditSet& Edits, TUEnv& Env, clang::FileID File);
  /// Whether the invokers of the call Site, at Range, may be shared: the
  /// body holds them, Site is inside it, the call, its arguments aside,
  /// refers to no local entity (nor to `this` outside a member function),
  /// and nothing the invoker evaluates names its place (`__builtin_LINE()`).
  bool shareable(const clang::Expr* Site, ByteRange Range, const CallPlan& P) const;
  /// Counts a site that passes the invoker Lambda (written `[&](...) ...`);
  /// one passed by two sites or more is declared once in the body, named
  /// Prefix and the callee's name in Identity. False if its text names a
  /// local name (or `this`), which the top of the body may not see.
  bool share(const std::string& Lambda, llvm::StringRef Prefix, llvm::StringRef Identity);
  /// The value a site passes for Lambda, if it is declared; empty if not.
  std::string variable(const std::string& Lambda) const;

 private:
  struct Entry {
    std::string Lambda, Stem;
    unsigned Uses = 0;
    std::string Name;  // empty: not declared (one site passes it)
  };
  void name() const;
  std::string declarations() const;

  TUEnv* Env = nullptr;
  bool Enabled = false;
  bool Captureless = true;         // not in a member function that has `this`
  ByteRange Body;                  // inside the braces
  std::vector<ByteRange> Lambdas;  // the body's lambdas
  std::vector<ByteRange> Discardable;  // a template's `if constexpr` branches
  llvm::StringSet<> LocalNames;    // declared in the function, its parameters included
  std::map<std::string, size_t> Index;  // invoker text -> entry
  mutable std::vector<Entry> Entries;   // in the order first shared
  mutable bool Named = false;
};

}  // namespace cassette::rewrite

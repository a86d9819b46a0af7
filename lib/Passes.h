// Passes (Cassette's `@pass`, docs/passes.md): plugins loaded from shared
// libraries (`--pass`), run on every function body that gets a twin before
// its calls are rewritten, and the twin body each one's edits make.
//
// How a pass's edits reach only the twin: the unit's first rewrite runs the
// passes and, for each edited function, writes a *stub* of its twin: the
// twin's declaration with a body that picks, by `if constexpr` on the
// passes the context names (cassette::rt::pass_mask), the body as edited by
// those passes or the body as written. The twin itself is a placeholder
// (passTwinPlaceholder). The unit is then parsed again with the stubs
// inserted after their functions (and the runtime included), so that the
// pass's text is real AST; the site collector rewrites each stub's calls
// like any twin's, and its text replaces the placeholder (Session.cpp). The
// originals are never edited: they come from the first parse.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "EditSet.h"
#include "RewriteEnv.h"
#include "llvm/Support/Error.h"

namespace cassette::pass {
class Pass;
}

namespace cassette::rewrite {

/// A pass as loaded: its registered name, its plugin, how to make one.
struct LoadedPass {
  std::string Name, Description;
  std::string Plugin;  // the path given to --pass
  cassette::pass::Pass* (*Make)() = nullptr;
};

/// Every pass of the run, in the order of --pass (and of registration in one plugin).
struct PassSet {
  std::vector<LoadedPass> Passes;
};

/// Loads the plugins in order: each must be a shared library exporting
/// `cassettePassPluginInfo` of the API version this tool speaks, built with
/// its Clang release, registering at least one pass under a name no other
/// pass has. The error is the one line to print.
llvm::Expected<std::shared_ptr<const PassSet>> loadPasses(const std::vector<std::string>& Plugins);

/// What the passes did to one function body.
struct PassedFunction {
  /// The passes that edited it, in order, each with its edits of the file
  /// buffer (sorted, none overlapping).
  struct ByPass {
    std::string Name;
    std::vector<FlatEdit> Edits;
  };
  std::vector<ByPass> Edited;
  /// The body of the stub twin: the edited bodies chosen by the context's
  /// passes, else the body as written (see the file comment).
  std::string StubBody;
};

/// The passes of one unit: an instance of each, made when the unit starts.
class UnitPasses {
 public:
  explicit UnitPasses(const PassSet& Set);
  ~UnitPasses();
  /// Runs every pass on FD (a definition with a `{ ... }` body written in
  /// file F); records what each visited and did in Env.Rep. nullopt when no
  /// pass edited it. A pass that throws, or edits outside the body or over
  /// its own or another pass's edits, adds a clang-style line to Errors.
  std::optional<PassedFunction> run(TUEnv& Env, const clang::FunctionDecl* FD, clang::FileID F,
                                    std::vector<std::string>& Errors);

 private:
  const PassSet& Set;
  std::vector<std::unique_ptr<cassette::pass::Pass>> Instances;
};

/// Text standing for the twin of the I-th stub of a unit until the stubs are
/// rewritten: no source text contains it.
std::string passTwinPlaceholder(size_t I);

/// The file name that #line gives the text a pass inserts: errors in it read
/// `<pass NAME>:line:col: error: ...`.
std::string passFileName(const std::string& Pass);

}  // namespace cassette::rewrite

// Public entry point of the rewriting library: what tool/ calls.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang::tooling {
class CompilationDatabase;
}

namespace cassette::rewrite {

struct PassSet;  // Passes.h

struct Options {
  std::string Root;        // real, absolute; only files under it get twins
  std::string OutDir;      // real, absolute (may not exist yet); a mirror of Root with rewritten files
  std::string ReportPath;  // absolute JSON report path, empty for none; outside Root and OutDir
  std::string BuildDir;    // the database's directory; excluded from the mirror when strictly under Root
  std::string Database;    // absolute path of compile_commands.json, empty with flags after `--`
  // Absolute path of a Make-style depfile to write, empty for none: the out-dir's
  // marker file depends on every file the units read (and the database).
  std::string DepfilePath;
  unsigned Jobs = 1;
  std::vector<std::string> Sources;  // absolute
  bool AllFiles = false;             // Sources is the whole database (outside --root is fine)
  // Whole-program mode: the program's main runs under a default-constructed
  // OverdubMain (a context type, e.g. cassette::CallCounter) declared in
  // ContextHeader (spelled as it goes into #include "...").
  std::string OverdubMain;
  std::string ContextHeader;
  // Files under Root (real paths) that the context header itself includes,
  // with some unit's flags: a context that formats with the tree's own fmt.
  // Found by the run before the units are rewritten (ContextHeader.h).
  std::set<std::string> ContextIncludes;
  // When the context header reads the tree, no file can include it before
  // the tree's own code: it is included once, at the end of each unit, and
  // the tree names the context only where templates are instantiated
  // (WholeProgramEntries.cpp).
  bool contextReadsTree() const { return !ContextIncludes.empty(); }
  // Twins carry metadata for tagging contexts (docs/tagging.md): by-value
  // locals, parameters and returns of arithmetic type are spelled
  // cassette::value_t<Ctx, T>, and loads and stores of memory go through
  // cassette::rt::load / assign / init.
  bool Tagging = false;
  // A macro use (in a unit's main file, of a macro defined under --root) in
  // which something would be left as written is replaced by its expansion,
  // and the unit rewritten again, so that what the macro spells is rewritten
  // too (docs/cli.md, "Macros").
  bool ExpandMacros = true;
  // Units' main files (real paths) that other units include (fmt's
  // posix-mock-test.cc includes ../src/os.cc under macros of its own,
  // cJSON's tests include cJSON.c): one text serves every unit that reads
  // it, so their macro uses are expanded as a header's are, where every such
  // unit expands them alike. Found by the run after its first round.
  std::set<std::string> MainFilesIncludedElsewhere;
  // Units' main files (real paths) that several distinct commands compile
  // (doctest's tests, built again with DOCTEST_CONFIG_DISABLE): each command
  // records how it expands every macro use there (UnitResult::CommandPrints).
  std::set<std::string> MainFilesOfSeveralCommands;
  // Builtin operators on fundamental types (`a + b` on ints, `p[i]`, `*p`)
  // become `cassette::rt::call_op` sites; false (--no-builtin-operators) leaves
  // them as written, their operands still rewritten. Operators whose operands
  // depend on a template parameter are still intercepted (per instantiation
  // they may be overloaded operators with twins). Not with Tagging.
  bool BuiltinOperators = true;
  // After rewriting, every rewritten unit is parsed as the build will parse
  // it (-fsyntax-only, C++20, the runtime from RuntimeDir on the include
  // path); a function whose twin causes an error loses its twin (it runs as
  // a primitive, reported with clang's first error) and the tree is
  // rewritten again. --no-check turns it off.
  bool CheckOutput = true;
  std::string RuntimeDir;  // holds cassette/cassette.hpp
  // Functions (TUEnv::definitionKey) that get no twin, with the reason: the
  // check fills it between rounds.
  std::map<std::string, std::string> Excluded;
  // Files under Root copied to OutDir as written (real paths), with why:
  // --keep-as-written, or the check, for a file whose rewritten text does
  // not compile outside any twin. No unit rewrites them: their functions
  // get no twins and are primitives, as code outside Root is.
  std::map<std::string, std::string> KeptAsWritten;
  // Passes (docs/passes.md): the plugins given to --pass, in order, and the
  // passes they registered (loaded by validate); each runs on every body
  // that gets a twin, its edits taking effect under contexts that name it.
  std::vector<std::string> PassPlugins;
  std::shared_ptr<const PassSet> Passes;
};

/// Rewrites the sources and writes OutDir. Returns the process exit code;
/// every failure has been reported on stderr by then and OutDir is unchanged.
int run(const clang::tooling::CompilationDatabase& DB, const Options& O);

}  // namespace cassette::rewrite

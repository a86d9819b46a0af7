// A header included by several translation units is rewritten by each of
// them, each seeing its own preprocessor conditions. The run keeps one text
// per file that does not depend on which unit finished first.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "FileRewriter.h"

namespace cassette::rewrite {

/// The preprocessor condition true in one unit only (`CASSETTE_UNIT ==
/// 0x...`, defined by its main file: unitMarker), by the key ByUnit gives
/// the unit; nullopt for a unit no condition tells apart (a second command
/// compiling the same main file).
using UnitCondition = std::function<std::optional<std::string>(size_t Key)>;

/// The rewrites of one file by several units, keyed by the unit's rank (its
/// place among the units sorted by path). When they differ, their edits are
/// joined: each unit edits the code it sees, so a function under an #ifdef
/// that one unit defines is rewritten by that unit. Where two units edit the
/// same code differently (they see it under different macros: a twin whose
/// body holds an #ifdef, a macro a test redefines), or one places an edit
/// where another, reading that code too, places it elsewhere (a twin
/// declared before or after an attribute macro that one command defines
/// empty; FileOutput::Skipped says what a unit reads), the lines they edit are
/// kept once per unit's text, each under `#if` its units' conditions
/// (Conditioned gets the keys of the units named so), the first unit's under
/// `#else`. Returns nullopt when that cannot be done (no condition tells the
/// units apart; the file's prologue differs); Conflict then names the two
/// keys, and the caller keeps the first unit's rewrite.
std::optional<std::string> joinRewrites(const std::map<size_t, FileOutput>& ByUnit,
                                        std::pair<size_t, size_t>* Conflict = nullptr,
                                        const UnitCondition& Condition = nullptr,
                                        std::set<size_t>* Conditioned = nullptr);

/// The condition true in the unit of MainFile (its path as the report names
/// it): `CASSETTE_UNIT == 0x<hash of the path>`, which does not depend on
/// the other units of the run.
std::string unitCondition(llvm::StringRef MainFile);
/// The lines of Text holding R (an insertion: its line), the last newline
/// included.
ByteRange wholeLines(llvm::StringRef Text, ByteRange R);

/// Whether the conditional directives of Text nest within it: none that
/// closes or continues an #if before Text (a join's zone goes under #if
/// lines; a twin's copy of a definition must not split an #if).
bool directivesBalanced(llvm::StringRef Text);
/// One piece of lines as several units read it: `#if <test> <text>` per
/// branch, `#else <Else> #endif`, each text at line First, what follows at
/// line After.
std::string linesByUnit(const std::vector<std::pair<std::string, std::string>>& Branches, const std::string& Else,
                        unsigned First, unsigned After);
/// The line number the compiler gives Offset of Text (its `#line`s read).
unsigned presumedLine(llvm::StringRef Text, unsigned Offset);
/// The preprocessor condition true under the Index-th of a unit's Commands
/// (their -D and -U, UnitResult::CommandMacros) and false under the others:
/// `defined(CASSETTE_COMMAND_DEFINED_NO_THREADS)` for gflags.cc built with
/// and without NO_THREADS. Whether a command defines a macro is taken at the
/// top of its main file (unitMarker), before any header: a project's header
/// may define it where the command did not (qhull's user.h: `#define
/// qh_QHpointer 0`). nullopt when no macro the commands define tells them
/// apart.
std::optional<std::string> commandCondition(const std::vector<std::vector<std::pair<std::string, bool>>>& Commands,
                                            size_t Index);
/// `-DCASSETTE_UNIT=0x...` for parsing that unit, so that a header whose
/// macro uses are expanded per unit reads as that unit's.
std::string unitDefine(llvm::StringRef MainFile);
/// The macro that says, after the top of a main file, that its command
/// defined Macro.
std::string commandDefinedName(llvm::StringRef Macro);
/// What that main file begins with so that the condition holds in its unit:
/// the first main file read defines CASSETTE_UNIT (a main file another unit
/// includes does not redefine it), and, when it has several Commands,
/// commandDefinedName of each macro they define or undefine that is defined
/// there.
std::string unitMarker(llvm::StringRef MainFile,
                       const std::vector<std::vector<std::pair<std::string, bool>>>& Commands = {});
/// Its second part: commandDefinedName of each macro the Commands define
/// or undefine that is defined there, once (guarded); empty when they name
/// none. A main file whose macro uses its commands expand differently
/// begins with it (and, joined, with unitMarker).
std::string commandMarker(const std::vector<std::vector<std::pair<std::string, bool>>>& Commands);
inline constexpr llvm::StringLiteral CommandMarkerStart = "#ifndef CASSETTE_COMMAND_MACROS\n";

}  // namespace cassette::rewrite

// One intercepted call as the call-site families plan it (CallSites.cpp,
// Constructors.cpp, Conversions.cpp, Operators.cpp, ...) and
// SiteCollector::emit writes it: the callee's identity, the evaluated
// arguments, and how the original and the twin are called.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "EditSet.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace cassette::rewrite {

/// An evaluated argument of an intercepted call.
struct CallArg {
  const clang::Expr* E = nullptr;
  ByteRange Range;
  enum Kind { Forward, Pack, Inline } How = Forward;
  std::string Fixed;            // text used instead of the source (e.g. "*this")
  std::string Prefix, Postfix;  // around the rendered source ("*(" ptr ")")
  bool ListTemporary = false;   // a braced list made where the call is written (list_initialized)
  bool ConvertedTemporary = false;  // a converted argument's temporary made there (convertedTemporary)
  bool Comma = false;           // a comma expression written bare (`v[0, 1]`): parenthesised
};

/// How one intercepted call is emitted. Orig and Twin get the text that
/// stands for each argument inside the invoker and return the call.
using CallBuilder = std::function<std::string(const std::vector<std::string>&)>;
struct CallPlan {
  std::string Kind;  // for the report
  std::string Identity;
  std::vector<CallArg> Args;
  CallBuilder Orig;
  std::vector<CallBuilder> Twins;  // empty: a primitive
  bool Guarded = false;            // dependent call: first twin that compiles, else Orig
  bool OperatorOperands = false;   // guarded: Orig, no twin, when no operand is of class or enum type
  bool MemberOperatorTwin = false; // OperatorOperands: Twins.front() is the member operator's (no enum has one)
  std::string TwinPreamble;        // begins the twin invoker's body (OperatorSites)
  std::string ExternalKey;         // the twin is defined in another file: its key
  std::string ResultType;          // invoker return type; empty: decltype(auto)
  // --tagging: the callee whose by-value arithmetic parameters the twin
  // call converts its arguments to exactly (so overloads on arithmetic
  // types resolve as for plain values); Args[FirstParamArg] is its first.
  const clang::FunctionDecl* Callee = nullptr;
  unsigned FirstParamArg = 0;
  // The callee is one named function (CallSites.cpp, namedByAddress): the site
  // passes its address as a template argument (runtime rt/named.hpp),
  // `&f` or `&C::f`, shared by every site that calls it, and NamedTwin, the
  // address of its twin for the site's context, instead of invoker lambdas
  // of its own. Empty: invokers.
  std::string NamedCallee;
  std::string NamedTwin;
  bool NamedMember = false;
  // A member function named by its class (MemberCallers.h): the class as the
  // site spells it and the function's name. The site passes
  // `C::cassette_calls_f{}` and `C::cassette_twincalls_f{}`, shared by every
  // site that calls an f of C with the same argument types. Empty: the
  // above, or invokers.
  std::string CallersClass;
  std::string CallersName;
  // A public constructor called with parentheses: the class as the site
  // spells it. The site passes `constructs<T>{}` and `constructs_twin<T>{}`
  // (rt/named.hpp), shared by every site that makes a T from the same
  // argument types, instead of invoker lambdas. Empty: invokers.
  std::string NamedConstructor;
  // The callee checks a printf-like format string (`format` attribute): the
  // invoker's call is wrapped in CASSETTE_FORMAT_CALL (rt/call.hpp), since
  // the string it passes on is no longer a literal.
  bool FormatCall = false;
  // Its invoker lambdas are declared once at the top of the function's body
  // and shared with its other sites (SharedInvokers.h).
  bool ShareInvokers = false;
  // An assignment whose operands' order shows (`m[k] = m.size()`): its two
  // arguments evaluated right first, as C++17 does (rt::call_right_first).
  bool RightFirst = false;
  // C++17 evaluates Args[0] before the others: a member call's object, an
  // indirect call's callee, the left operand of `<<`, `>>`, `[]`, `->*`,
  // `,`, `&&`, `||`. Where the order shows, the arguments go in a braced
  // list (rt::call_in_order): g++ may evaluate a call's arguments right first.
  bool FirstSequenced = false;
  bool InOrder = false;  // set by SiteCollector::addSite
};

/// Whether an expression names the place it is evaluated at
/// (`__builtin_LINE()`, `std::source_location::current()`), through the
/// default arguments and default member initialisers it uses too (a
/// converting constructor's `source_location` parameter). Evaluated in an
/// invoker written elsewhere than the site, it would name that place.
bool namesItsPlace(const clang::Stmt* S);

/// "a, b, c": the texts from From on, as an argument list.
inline std::string join(const std::vector<std::string>& V, size_t From = 0) {
  std::string Out;
  for (size_t I = From; I < V.size(); ++I) {
    if (I > From) Out += ", ";
    Out += V[I];
  }
  return Out;
}
/// Whether an operator's left operand may be the object of a member
/// operator's twin: one of a class, or dependent. A literal spelled in place
/// (`0 == *val`) is neither: `0.f` reads as a floating constant, and `(0).f`,
/// not dependent, is an error in the twin's probe.
inline bool mayHaveMemberTwin(const clang::Expr* Left) {
  return Left->isTypeDependent() || Left->getType()->isRecordType();
}
/// The twin's arguments: its context slot, then the call's from From on.
inline std::string withTwinSlot(const std::string& Slot, const std::vector<std::string>& Uses, size_t From = 0) {
  std::string Rest = join(Uses, From);
  return Slot + (Rest.empty() ? "" : ", " + Rest);
}

}  // namespace cassette::rewrite

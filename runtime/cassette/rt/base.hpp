// What every header of namespace cassette::rt starts from. cassette::rt holds
// what only the rewriter's output uses: the call protocol (rt/call.hpp), the
// registry of contexts (rt/registry.hpp), the indirect-call tables
// (rt/indirect.hpp), the tagging runtime (rt/tagging.hpp, rt/shadow.hpp).
// People who write contexts include <cassette/cassette.hpp> and never name
// it; its names and signatures change with the runtime protocol below.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "../context.hpp"
#include "../ops.hpp"  // CASSETTE_INLINE

namespace cassette::detail {}
namespace cassette::rt::detail {
// rt's helpers see those of the user's half (cassette::detail) by the same
// qualified name, `detail::x`.
using namespace ::cassette::detail;
}  // namespace cassette::rt::detail

namespace cassette::rt {
/// The protocol between cassette-rewrite's output and this runtime: the
/// names, signatures and meaning of everything in cassette::rt that rewritten
/// code calls. Every rewritten file checks it (a static_assert at its top),
/// so a tree rewritten by one version and built against another stops with
/// one clear error. Bump it with any change that rewritten code could see,
/// and bump the rewriter's (lib/FileRewriter.cpp, RuntimeProtocol) with it.
inline constexpr int protocol_version = 11;

/// The context type of a slot (Twin<C>): C. Named as the first template
/// argument of the twin of a function that is not a template, when a
/// function template of the same name has a twin too (rewrite/CallSites.cpp).
template <class Slot>
using slot_context = std::remove_reference_t<decltype(std::declval<Slot&>().context())>;

/// The slot such a call passes, `cassette_twin_f<C>(exact_slot(t), a...)`:
/// the twin it means, whose one template argument is given, takes it by
/// conversion; a function template's twin cannot deduce its context from it
/// and drops out before the context, bound to its first template parameter,
/// reaches its other parameters (an allocator parameter would be a hard
/// error, not a failed deduction).
template <class C>
struct exact_slot_of {
  Twin<C>& slot;
  CASSETTE_INLINE constexpr operator Twin<C>() const noexcept { return slot; }
};
template <class Slot>
CASSETTE_INLINE constexpr exact_slot_of<slot_context<Slot>> exact_slot(Slot& s) noexcept {
  return {s};
}

/// Of class type, as an operand of an operator: a class or a union.
template <class T>
inline constexpr bool class_operand_v =
    std::is_class_v<std::remove_cvref_t<T>> || std::is_union_v<std::remove_cvref_t<T>>;

/// Whether an operator expression on operands of these types considers
/// overloaded operators at all: only when one is of class or enumeration
/// type ([over.match.oper]); else it is the builtin operator, and a twin of
/// an operator that some conversion would reach must not be taken for it.
template <class... A>
inline constexpr bool overloadable_operands = ((class_operand_v<A> || std::is_enum_v<std::remove_cvref_t<A>>) || ...);

/// Stands for an operand in the probe of an operator twin, T its type as
/// the invoker forwards it (`E&`, `E&&`): it converts to that (so it binds
/// where the operand would, then takes promotions and standard
/// conversions), never through another user-defined conversion. An operator
/// template deduces the wrapper, not the operand's type: its twin is not
/// taken then, and the operator runs as written.
template <class T>
struct exact_operand {
  operator T&&() const;  // declared only: used in requires-expressions
};
/// A stand-in for an enumeration operand that converts to nothing: a
/// parameter that takes it (one whose class has a constructor template
/// taking anything) does not take the enumeration as its own type, so
/// ([over.match.oper]) it does not make its operator a candidate. T keeps
/// the operand's namespace associated for argument-dependent lookup.
template <class T>
struct no_operand {};

/// The operands of an operator site, A their types, as its probes of the
/// operator twins pass them (`of(a)`): as they are where one is of class
/// type; else as exact_operands. Without a class operand the builtin
/// operator takes the operands as they are, and wins over an operator that
/// needs a conversion of one of them (`TestEnum != TestEnum` beside
/// `operator!=(const NestedStruct&, const NestedStruct&)`, where
/// `NestedStruct(TestEnum)` converts): the twin of such an operator must not
/// be taken for it, while one that takes the enumeration itself (a bitmask
/// enum's `operator|`) is what the expression calls. Only where some operand
/// is of class type may an operator reached through a conversion be the one
/// called.
template <class... A>
struct operand_probe {
  static constexpr bool class_operand = (class_operand_v<A> || ...);
  template <class T>
  static auto of(T&& t) -> std::conditional_t<class_operand, T&&, exact_operand<T>>;
  /// The operand as `of` passes it, or, an enumeration where no operand is
  /// of class type, as a no_operand: a twin that takes the operands so too
  /// takes no enumeration operand as its own type, and is no candidate.
  /// (With a class operand the probe is `of`'s, and instantiates nothing
  /// new.)
  template <class T>
  static auto none(T&& t) -> std::conditional_t<!class_operand && std::is_enum_v<std::remove_cvref_t<T>>, no_operand<T>,
                                                decltype(of(static_cast<T&&>(t)))>;
};

/// One function of each operator twin's name, which no call matches. An
/// operator site in a member function of a class that has a member operator
/// of the same kind probes for the non-member twin with
/// `using ::cassette::rt::adl::cassette_twin_operator_X;` before its
/// unqualified call: the lookup stops there, not at the class's member twin,
/// and argument-dependent lookup still finds the non-member twins.
namespace adl {
struct unmatched;
void cassette_twin_operator_New(unmatched);
void cassette_twin_operator_Delete(unmatched);
void cassette_twin_operator_Array_New(unmatched);
void cassette_twin_operator_Array_Delete(unmatched);
void cassette_twin_operator_Plus(unmatched);
void cassette_twin_operator_Minus(unmatched);
void cassette_twin_operator_Star(unmatched);
void cassette_twin_operator_Slash(unmatched);
void cassette_twin_operator_Percent(unmatched);
void cassette_twin_operator_Caret(unmatched);
void cassette_twin_operator_Amp(unmatched);
void cassette_twin_operator_Pipe(unmatched);
void cassette_twin_operator_Tilde(unmatched);
void cassette_twin_operator_Exclaim(unmatched);
void cassette_twin_operator_Equal(unmatched);
void cassette_twin_operator_Less(unmatched);
void cassette_twin_operator_Greater(unmatched);
void cassette_twin_operator_PlusEqual(unmatched);
void cassette_twin_operator_MinusEqual(unmatched);
void cassette_twin_operator_StarEqual(unmatched);
void cassette_twin_operator_SlashEqual(unmatched);
void cassette_twin_operator_PercentEqual(unmatched);
void cassette_twin_operator_CaretEqual(unmatched);
void cassette_twin_operator_AmpEqual(unmatched);
void cassette_twin_operator_PipeEqual(unmatched);
void cassette_twin_operator_LessLess(unmatched);
void cassette_twin_operator_GreaterGreater(unmatched);
void cassette_twin_operator_LessLessEqual(unmatched);
void cassette_twin_operator_GreaterGreaterEqual(unmatched);
void cassette_twin_operator_EqualEqual(unmatched);
void cassette_twin_operator_ExclaimEqual(unmatched);
void cassette_twin_operator_LessEqual(unmatched);
void cassette_twin_operator_GreaterEqual(unmatched);
void cassette_twin_operator_Spaceship(unmatched);
void cassette_twin_operator_AmpAmp(unmatched);
void cassette_twin_operator_PipePipe(unmatched);
void cassette_twin_operator_PlusPlus(unmatched);
void cassette_twin_operator_MinusMinus(unmatched);
void cassette_twin_operator_Comma(unmatched);
void cassette_twin_operator_ArrowStar(unmatched);
void cassette_twin_operator_Arrow(unmatched);
void cassette_twin_operator_Call(unmatched);
void cassette_twin_operator_Subscript(unmatched);
void cassette_twin_operator_Coawait(unmatched);
}  // namespace adl

/// > 0 while a context's hook, `execute` or `fallback` runs: what a context
/// runs there is not the program's code and is not intercepted (as in
/// Cassette), so in whole-program mode an original of the tree it calls runs
/// as written instead of entering its twin (rt/whole_program.hpp).
inline thread_local unsigned entries_suspended = 0;

/// Held around each call of a hook, `execute` or `fallback`.
struct suspend_entries {
  suspend_entries() noexcept { ++entries_suspended; }
  ~suspend_entries() { --entries_suspended; }
  suspend_entries(const suspend_entries&) = delete;
  suspend_entries& operator=(const suspend_entries&) = delete;
};
}  // namespace cassette::rt
#pragma GCC visibility pop

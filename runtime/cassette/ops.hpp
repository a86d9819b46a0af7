// Builtin operators on fundamental types, intercepted as primitive operations
// (Cassette's intrinsics such as `add_float`). Each is an identity type and
// also the callable that performs the operation.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)
// The operations are performed here on forwarded operands, no longer the
// constants the call wrote: `size < 5` would warn of a sign comparison
// (-Wsign-compare, in -Wall/-Wextra) that the original, comparing with a
// non-negative literal, does not. What the original's operators warn of,
// its own build says; a warning here could only be one the rewrite made.
#pragma GCC system_header

#include <new>
#include <string_view>
#include <utility>

#include "inline.hpp"

namespace cassette::op {

#define CASSETTE_BINARY_OP(NAME, SYMBOL)                                      \
  struct NAME {                                                               \
    using is_operation = void;                                                \
    static constexpr std::string_view name() { return #SYMBOL; }              \
    template <class A, class B>                                               \
    CASSETTE_INLINE constexpr decltype(auto) operator()(A&& a, B&& b) const { \
      return static_cast<A&&>(a) SYMBOL static_cast<B&&>(b);                  \
    }                                                                         \
  };

CASSETTE_BINARY_OP(add, +)
CASSETTE_BINARY_OP(sub, -)
CASSETTE_BINARY_OP(mul, *)
CASSETTE_BINARY_OP(div, /)
CASSETTE_BINARY_OP(rem, %)
CASSETTE_BINARY_OP(shl, <<)
CASSETTE_BINARY_OP(shr, >>)
CASSETTE_BINARY_OP(bit_and, &)
CASSETTE_BINARY_OP(bit_or, |)
CASSETTE_BINARY_OP(bit_xor, ^)
CASSETTE_BINARY_OP(eq, ==)
CASSETTE_BINARY_OP(ne, !=)
CASSETTE_BINARY_OP(lt, <)
CASSETTE_BINARY_OP(le, <=)
CASSETTE_BINARY_OP(gt, >)
CASSETTE_BINARY_OP(ge, >=)
CASSETTE_BINARY_OP(spaceship, <=>)
CASSETTE_BINARY_OP(add_assign, +=)
CASSETTE_BINARY_OP(sub_assign, -=)
CASSETTE_BINARY_OP(mul_assign, *=)
CASSETTE_BINARY_OP(div_assign, /=)
CASSETTE_BINARY_OP(rem_assign, %=)
CASSETTE_BINARY_OP(shl_assign, <<=)
CASSETTE_BINARY_OP(shr_assign, >>=)
CASSETTE_BINARY_OP(and_assign, &=)
CASSETTE_BINARY_OP(or_assign, |=)
CASSETTE_BINARY_OP(xor_assign, ^=)
#undef CASSETTE_BINARY_OP

#define CASSETTE_PREFIX_OP(NAME, SYMBOL, SHOWN)                        \
  struct NAME {                                                        \
    using is_operation = void;                                         \
    static constexpr std::string_view name() { return SHOWN; }         \
    template <class A>                                                 \
    CASSETTE_INLINE constexpr decltype(auto) operator()(A&& a) const { \
      return SYMBOL static_cast<A&&>(a);                               \
    }                                                                  \
  };

CASSETTE_PREFIX_OP(neg, -, "-")
CASSETTE_PREFIX_OP(plus, +, "+")
CASSETTE_PREFIX_OP(bit_not, ~, "~")
CASSETTE_PREFIX_OP(logical_not, !, "!")
CASSETTE_PREFIX_OP(deref, *, "*")
CASSETTE_PREFIX_OP(pre_inc, ++, "++")
CASSETTE_PREFIX_OP(pre_dec, --, "--")
#undef CASSETTE_PREFIX_OP

struct post_inc {
  using is_operation = void;
  static constexpr std::string_view name() { return "++ (postfix)"; }
  template <class A>
  CASSETTE_INLINE constexpr decltype(auto) operator()(A&& a) const {
    return static_cast<A&&>(a)++;
  }
};
struct post_dec {
  using is_operation = void;
  static constexpr std::string_view name() { return "-- (postfix)"; }
  template <class A>
  CASSETTE_INLINE constexpr decltype(auto) operator()(A&& a) const {
    return static_cast<A&&>(a)--;
  }
};
struct subscript {
  using is_operation = void;
  static constexpr std::string_view name() { return "[]"; }
  template <class A, class I>
  CASSETTE_INLINE constexpr decltype(auto) operator()(A&& a, I&& i) const {
    return static_cast<A&&>(a)[static_cast<I&&>(i)];
  }
};

namespace detail {
template <class T>
constexpr std::string_view arithmetic_name() {
  if constexpr (__is_same(T, bool)) return "bool";
  else if constexpr (__is_same(T, char)) return "char";
  else if constexpr (__is_same(T, signed char)) return "signed char";
  else if constexpr (__is_same(T, unsigned char)) return "unsigned char";
  else if constexpr (__is_same(T, short)) return "short";
  else if constexpr (__is_same(T, unsigned short)) return "unsigned short";
  else if constexpr (__is_same(T, int)) return "int";
  else if constexpr (__is_same(T, unsigned)) return "unsigned";
  else if constexpr (__is_same(T, long)) return "long";
  else if constexpr (__is_same(T, unsigned long)) return "unsigned long";
  else if constexpr (__is_same(T, long long)) return "long long";
  else if constexpr (__is_same(T, unsigned long long)) return "unsigned long long";
  else if constexpr (__is_same(T, float)) return "float";
  else if constexpr (__is_same(T, double)) return "double";
  else if constexpr (__is_same(T, long double)) return "long double";
  else return "arithmetic";
}
}  // namespace detail

/// An arithmetic conversion of a tagged value to To inside a twin (implicit
/// or written). Not one of the operations above (no `is_operation`): a
/// tagging context that wants to see conversions writes
/// `execute(ctx, cassette::op::convert<To>, const A& x)` for it (the
/// metadata otherwise converts with the value; docs/tagging.md).
template <class To>
struct convert {
  static constexpr std::string_view name() { return detail::arithmetic_name<To>(); }
  template <class A>
  CASSETTE_INLINE constexpr To operator()(A&& a) const {
    return static_cast<To>(static_cast<A&&>(a));
  }
};

}  // namespace cassette::op

namespace cassette {
/// For a compound assignment, increment or decrement: the operation it
/// applies (tagging contexts decompose them when they have no rule).
template <class F>
struct compound_op {
  static constexpr bool is_compound = false;
};
#define CASSETTE_COMPOUND(NAME, BASE, POSTFIX) \
  template <>                                  \
  struct compound_op<op::NAME> {               \
    static constexpr bool is_compound = true;  \
    static constexpr bool postfix = POSTFIX;   \
    using base = op::BASE;                     \
  };
CASSETTE_COMPOUND(add_assign, add, false)
CASSETTE_COMPOUND(sub_assign, sub, false)
CASSETTE_COMPOUND(mul_assign, mul, false)
CASSETTE_COMPOUND(div_assign, div, false)
CASSETTE_COMPOUND(rem_assign, rem, false)
CASSETTE_COMPOUND(shl_assign, shl, false)
CASSETTE_COMPOUND(shr_assign, shr, false)
CASSETTE_COMPOUND(and_assign, bit_and, false)
CASSETTE_COMPOUND(or_assign, bit_or, false)
CASSETTE_COMPOUND(xor_assign, bit_xor, false)
CASSETTE_COMPOUND(pre_inc, add, false)
CASSETTE_COMPOUND(pre_dec, sub, false)
CASSETTE_COMPOUND(post_inc, add, true)
CASSETTE_COMPOUND(post_dec, sub, true)
#undef CASSETTE_COMPOUND
}  // namespace cassette
#pragma GCC visibility pop

#pragma once
#include <cassert>
#include <compare>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <tuple>
#include <vector>

namespace et {

// Expression templates over a small vector (Eigen's and Blaze's shape): the
// sums and products are lazy objects that hold references to their operands.
template <class E> struct Expr {
  const E& self() const { return static_cast<const E&>(*this); }
  double operator[](std::size_t i) const { return self().at(i); }
  std::size_t size() const { return self().length(); }
};

class Vec : public Expr<Vec> {
 public:
  Vec(std::initializer_list<double> xs) : v_(xs) {}
  explicit Vec(std::size_t n) : v_(n, 0.0) {}
  template <class E> Vec(const Expr<E>& e) : v_(e.size()) {
    for (std::size_t i = 0; i < v_.size(); ++i) v_[i] = e[i];
  }
  double at(std::size_t i) const { return v_[i]; }
  double& operator[](std::size_t i) { return v_[i]; }
  using Expr<Vec>::operator[];
  std::size_t length() const { return v_.size(); }

 private:
  std::vector<double> v_;
};

template <class L, class R, class Op> class Binary : public Expr<Binary<L, R, Op>> {
 public:
  Binary(const L& l, const R& r) : l_(l), r_(r) { assert(l.size() == r.size()); }
  double at(std::size_t i) const { return Op{}(l_[i], r_[i]); }
  std::size_t length() const { return l_.size(); }

 private:
  const L& l_;
  const R& r_;
};

template <class L, class R> Binary<L, R, std::plus<>> operator+(const Expr<L>& l, const Expr<R>& r) {
  return Binary<L, R, std::plus<>>(l.self(), r.self());
}
template <class L, class R> Binary<L, R, std::multiplies<>> operator*(const Expr<L>& l, const Expr<R>& r) {
  return Binary<L, R, std::multiplies<>>(l.self(), r.self());
}

template <class E> double sum(const Expr<E>& e) {
  double s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) s += e[i];
  return s;
}

// C++20 comparisons: a defaulted <=> (and the == it implies), and a type
// with only == and <=> written, compared with != and < (rewritten and
// reversed candidates).
struct Version {
  int major = 0, minor = 0, patch = 0;
  auto operator<=>(const Version&) const = default;
};

class Name {
 public:
  explicit Name(std::string s) : s_(std::move(s)) {}
  bool operator==(const std::string& o) const { return s_ == o; }
  std::strong_ordering operator<=>(const Name& o) const;
  bool operator==(const Name& o) const = default;
  const std::string& str() const { return s_; }

 private:
  std::string s_;
};

// A tuple-like class: structured bindings call its get<I>.
class Pair3 {
 public:
  Pair3(int a, std::string b, double c) : a_(a), b_(std::move(b)), c_(c) {}
  template <std::size_t I> decltype(auto) get() const {
    if constexpr (I == 0) return a_;
    else if constexpr (I == 1) return (b_);
    else return c_;
  }

 private:
  int a_;
  std::string b_;
  double c_;
};

[[noreturn]] void fail(const char* why);
int checked_div(int a, int b);

}  // namespace et

template <> struct std::tuple_size<et::Pair3> : std::integral_constant<std::size_t, 3> {};
template <std::size_t I> struct std::tuple_element<I, et::Pair3> {
  using type = std::remove_reference_t<decltype(std::declval<const et::Pair3&>().get<I>())>;
};

template <> struct std::hash<et::Version> {
  std::size_t operator()(const et::Version& v) const noexcept {
    return std::hash<int>{}(v.major) * 31u * 31u + std::hash<int>{}(v.minor) * 31u + std::hash<int>{}(v.patch);
  }
};

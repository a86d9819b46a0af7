// A class template with a nested iterator used by range-for, partial
// specialisations picked by enable_if, dependent bases, template template
// parameters, type erasure, tag dispatch, friend templates.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <cstdio>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

template <class T, std::size_t N>
class RingBuf {
 public:
  struct iterator {
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = T*;
    using reference = T&;
    RingBuf* rb; std::size_t i;
    T& operator*() const { return rb->data_[(rb->head_ + i) % N]; }
    T* operator->() const { return &**this; }
    iterator& operator++() { ++i; return *this; }
    iterator operator++(int) { auto t = *this; ++*this; return t; }
    bool operator==(const iterator& o) const { return i == o.i; }
    bool operator!=(const iterator& o) const { return !(*this == o); }
  };
  void push(const T& v) {
    if (size_ == N) { head_ = (head_ + 1) % N; --size_; }
    data_[(head_ + size_) % N] = v; ++size_;
  }
  iterator begin() { return {this, 0}; }
  iterator end() { return {this, size_}; }
  std::size_t size() const { return size_; }
  template <class F> void each(F&& f) { for (auto& x : *this) f(x); }
 private:
  T data_[N]{};
  std::size_t head_ = 0, size_ = 0;
};

template <class T, class Enable = void>
struct Describe { static std::string of(const T&) { return "other"; } };
template <class T>
struct Describe<T, std::enable_if_t<std::is_integral_v<T>>> {
  static std::string of(const T& v) { return "int:" + std::to_string(v); }
};
template <class T>
struct Describe<std::vector<T>> {
  static std::string of(const std::vector<T>& v) { return "vec" + std::to_string(v.size()); }
};

template <class T>
struct BaseT { int f() const { return 10; } T val{}; };
template <class T>
struct DerivedT : BaseT<T> {
  int g() const { return this->f() + BaseT<T>::f() + (int)this->val; }
};

template <template <class...> class C, class T>
C<T> make_one(T v) { C<T> c; c.push_back(v); return c; }

struct Animal { virtual ~Animal() = default; virtual std::string sound() const = 0; };
template <class Impl>
struct AnimalT : Animal { std::string sound() const override { return Impl::s(); } };
struct DogS { static std::string s() { return "woof"; } };

class Any {
  struct Concept { virtual ~Concept() = default; virtual int get() const = 0; };
  template <class T> struct Model : Concept { T t; explicit Model(T t) : t(std::move(t)) {} int get() const override { return t.get(); } };
  std::unique_ptr<Concept> p_;
 public:
  template <class T> Any(T t) : p_(std::make_unique<Model<T>>(std::move(t))) {}
  int get() const { return p_->get(); }
};
struct Seven { int get() const { return 7; } };

template <class T>
auto tag_impl(T v, std::true_type) { return v * 2; }
template <class T>
auto tag_impl(T v, std::false_type) { return v; }
template <class T>
auto tagged(T v) { return tag_impl(v, std::is_integral<T>{}); }

template <class T>
class Box {
  T v_;
  template <class U> friend class Box;
 public:
  explicit Box(T v) : v_(v) {}
  template <class U> Box(const Box<U>& o) : v_(static_cast<T>(o.v_)) {}
  T get() const { return v_; }
  friend Box operator+(const Box& a, const Box& b) { return Box(a.v_ + b.v_); }
};

int main() {
  RingBuf<int, 3> rb;
  for (int i = 1; i <= 5; ++i) rb.push(i * i);
  int s = 0;
  rb.each([&](int x) { s += x; });
  auto it = rb.begin();
  it++;
  std::map<std::string, std::vector<int>> m;
  m["a"].push_back(1);
  DerivedT<double> d;
  auto v = make_one<std::vector>(3.5);
  AnimalT<DogS> dog;
  const Animal& an = dog;
  Any any = Seven{};
  Box<int> bi(3);
  Box<double> bd(bi);
  auto bsum = bi + Box<int>(4);
  std::printf("%d %d %zu %s %s %s %d %.1f %s %d %d %g %.1f %d\n", s, *it, rb.size(), Describe<int>::of(5).c_str(),
              Describe<double>::of(1.0).c_str(), Describe<std::vector<int>>::of({1, 2}).c_str(), d.g(), v[0],
              an.sound().c_str(), any.get(), tagged(21), tagged(1.5), bd.get(), bsum.get());
}

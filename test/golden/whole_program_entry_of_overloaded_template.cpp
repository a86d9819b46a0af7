// Whole-program mode: the original of a function template overloaded with
// other templates enters exactly its own twin's instance. Its forward names
// every template argument, and where other templates share the name it
// names the instance through a cast to its type, as `&f<A, B>` would need: with the
// arguments alone, overload resolution would also try the other templates'
// twins with them (`Alloc = std::array<...>` below) and instantiating
// `std::vector<T, std::array<...>>` to compare the argument is a hard
// error, where the original's callers, naming `<T>` only, fail to deduce
// `Alloc` quietly (flatbuffers' `CreateVector<T, C>(const C&)`).
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre data(_)
// OUT-NEXT: post data = ptr
// OUT-NEXT: pre size(_)
// OUT-NEXT: post size = 7
// OUT-NEXT: pre Builder::CreateVector(_, ptr, 7)
// OUT-NEXT:   pre +(7, 100)
// OUT-NEXT:   post + = 107
// OUT-NEXT: post Builder::CreateVector = 107
// OUT-NEXT: pre size(_)
// OUT-NEXT: post size = 3
// OUT-NEXT: pre *(3, 8)
// OUT-NEXT: post * = 24
// OUT-NEXT: pre +=(0, 1)
// OUT-NEXT: post += = 1
// OUT-NEXT: pre +=(1, 2)
// OUT-NEXT: post += = 3
// OUT-NEXT: pre +=(3, 3)
// OUT-NEXT: post += = 6
// OUT-NEXT: pre -(7, 1)
// OUT-NEXT: post - = 6
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 2
// OUT-NEXT: pre -(2, 2)
// OUT-NEXT: post - = 0
// OUT-NEXT: pre *(3, 2)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 2
// OUT-NEXT: pre *(3, 2)
// OUT-NEXT: post * = 6
// OUT-NEXT: pre size(_)
// OUT-NEXT: post size = 3
// OUT-NEXT: pre std::printf(ptr, 158)
// OUT-NEXT: early 158
// OUT-NEXT: post std::printf = 10
#include <array>
#include <cstddef>
#include <cstdio>
#include <vector>

#include "trace_context.hpp"

template <class T>
struct Offset {
  unsigned o;
};

struct Builder {
  template <typename T>
  int CreateVector(const T*, std::size_t len) {
    return static_cast<int>(len);
  }
  template <typename T, class C>
  int CreateVector(const C& array) {
    // CHECK: int CreateVector(const C& array) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (this->*static_cast<int (Builder::*)(::cassette::Twin<golden::TraceCtx>, decltype(array))>(&Builder::template cassette_twin_CreateVector<T, C>))(::cassette::rt::program_twin<golden::TraceCtx>(), static_cast<decltype(array)&&>(array));
    return CreateVector(array.data(), array.size());
  }
  template <typename T>
  int CreateVector(const Offset<T>*, std::size_t len) {
    return static_cast<int>(len) + 100;
  }
  template <typename T, typename Alloc = std::allocator<T>>
  int CreateVector(const std::vector<T, Alloc>& v) {
    return CreateVector(v.data(), v.size());
  }
  template <typename T, class C>
  int Sized(const C& c) const & {
    // CHECK: return (this->*static_cast<int (Builder::*)(::cassette::Twin<golden::TraceCtx>, decltype(c)) const &>(&Builder::template cassette_twin_Sized<T, C>))(
    return static_cast<int>(c.size() * sizeof(T));
  }
  template <typename T>
  int Sized(const std::vector<T>& v) const & {
    return static_cast<int>(v.size());
  }
};

// The same for free function templates.
template <class T, class C>
long total(const C& c) {
  // CHECK: return static_cast<long (*)(::cassette::Twin<golden::TraceCtx>, decltype(c))>(&cassette_twin_total<T, C>)(
  long sum = 0;
  for (const T& x : c) sum += x;
  return sum;
}
template <class T, class Alloc>
long total(const std::vector<T, Alloc>& v) {
  return static_cast<long>(v.size());
}

// Static members and members of a class template.
template <class T>
struct Box {
  T v;
  template <class U>
  static T made(U from) {
    return static_cast<T>(from) - 1;
  }
  template <class U>
  static T made(const U* from) {
    // CHECK: return static_cast<T (*)(::cassette::Twin<golden::TraceCtx>, decltype(from))>(&cassette_twin_made<U>)(
    return static_cast<T>(*from) - 2;
  }
  template <class U>
  T scaled(U by) const {
    return v * by;
  }
  template <class U>
  T scaled(const U* by) const {
    // CHECK: return (this->*static_cast<T (Box::*)(::cassette::Twin<golden::TraceCtx>, decltype(by)) const>(&Box::template cassette_twin_scaled<U>))(
    return v * *by;
  }
};

// Defined out of line, its return type written before the qualified name:
// there `Node` is ::Node, in the body Tree::Node; the cast spells it as
// printed.
struct Node {
  int v;
};
template <class X>
struct Tree {
  struct Node {
    int w;
  };
  template <class T, class C>
  ::Node get(const C& c);
  template <class T>
  ::Node get(const std::vector<T>& v);
};
template <class X>
template <class T, class C>
Node Tree<X>::get(const C& c) {
  return ::Node{static_cast<int>(c.size())};
}
// CHECK: return (this->*static_cast<::Node (Tree::*)(::cassette::Twin<golden::TraceCtx>, decltype(c))>(&Tree::template cassette_twin_get<T, C>))(
template <class X>
template <class T>
Node Tree<X>::get(const std::vector<T>& v) {
  return ::Node{static_cast<int>(v.size()) + 1000};
}

// Called from outside the twins (a static initialiser runs before main's twin).
static int early = [] {
  Builder b;
  std::array<Offset<int>, 7> a{};
  std::array<short, 3> s{1, 2, 3};
  const short two = 2;
  return b.CreateVector<Offset<int>>(a) + b.Sized<long>(s) + static_cast<int>(total<short>(s)) +
         Box<int>::made(7) + Box<int>::made(&two) + Box<int>{3}.scaled(2) + Box<int>{3}.scaled(&two) +
         Tree<int>{}.get<short>(s).v;
}();

int main() {
  std::printf("early %d\n", early);
  return 0;
}

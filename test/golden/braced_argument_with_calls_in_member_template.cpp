// A braced list holding calls, given to a member function from a member
// template of a class template (fmt's `named_info_.push_back({arg.name,
// static_cast<int>(data_.size() - 2u)})`): the list is evaluated inside the
// invoker with its calls intercepted, and the probes for a twin name the list
// as written (a probe holding the invokers' lambdas does not instantiate in
// clang 19), so the function keeps its twin.
#include <vector>

#include "trace_context.hpp"

struct Info {
  const char* name;
  int id;
};

template <class C>
struct Store {
  std::vector<C> data;
  std::vector<Info> named;
  template <class T>
  void add(const T& arg) {
    named.push_back({arg.name, static_cast<int>(data.size() - 1u)});
  }
  // CHECK-LABEL: cassette_twin_add(::cassette::Twin
  // CHECK: if constexpr (requires { CASSETTE_FWD(cassette_a0).cassette_twin_push_back(cassette_t, {arg.name, static_cast<int>(data.size() - 1u)}); })
};

struct Named {
  const char* name;
};

int last_id(int n) {
  Store<int> s;
  s.data.assign(static_cast<unsigned>(n), 0);
  s.add(Named{"x"});
  return s.named.back().id;
}

int main() { return golden::run(CASSETTE_FN(last_id), 3); }
// OUT: pre std::vector::assign(_, 3, 0)
// OUT-NEXT: post std::vector::assign = _
// OUT-NEXT: pre Store::add(_, _)
// OUT-NEXT:   pre std::vector::push_back(_)
// OUT-NEXT:     pre size(_)
// OUT-NEXT:     post size = 3
// OUT-NEXT:     pre -(3, 1)
// OUT-NEXT:     post - = 2
// OUT-NEXT:   post std::vector::push_back = _
// OUT-NEXT: post Store::add = _
// OUT-NEXT: pre std::vector::back(_)
// OUT-NEXT: post std::vector::back = _
// OUT-NEXT: result 2 plain 2

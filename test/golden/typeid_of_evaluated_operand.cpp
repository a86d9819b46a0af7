// `typeid` of a polymorphic glvalue evaluates its operand: the calls in it are
// rewritten and the operand runs in a lambda of its own that rt::typeid_of
// calls (clang transforms an evaluated typeid operand twice, which gave the
// lambdas of rewritten calls in it other types: the twin did not compile).
// `typeid(*p)` keeps its `*` inside typeid, which throws std::bad_typeid for a
// null p. An operand that is not evaluated stays as written.
// OUT: pre get()
// OUT-NEXT: post get = _
// OUT-NEXT: pre std::type_info::operator==(_, _)
// OUT-NEXT: post std::type_info::operator== = true
// OUT-NEXT: pre pick(1)
// OUT-NEXT: post pick = ptr
// OUT-NEXT: pre std::type_info::operator==(_, _)
// OUT-NEXT: post std::type_info::operator== = true
// OUT-NEXT: pre pick(0)
// OUT-NEXT: post pick = nullptr
// OUT-NEXT: pre std::printf(ptr)
// OUT-NEXT: caught bad_typeid
// OUT-NEXT: post std::printf = 18
// OUT-NEXT: pre std::type_info::operator==(_, _)
// OUT-NEXT: post std::type_info::operator== = true
// OUT-NEXT: pre std::type_info::operator==(_, _)
// OUT-NEXT: post std::type_info::operator== = true
// OUT-NEXT: caught bad_typeid
// OUT-NEXT: result 1 plain 1
#pragma clang diagnostic ignored "-Wpotentially-evaluated-expression"
#include <typeinfo>

#include "trace_context.hpp"

struct Shape {
  virtual ~Shape() = default;
};
struct Circle : Shape {};
static Circle circle;
Shape& get() { return circle; }
Shape* pick(int which) { return which ? &circle : nullptr; }
int plain() { return 1; }

int use(int) {
  bool dynamic = typeid(get()) == typeid(Circle);
  // CHECK: bool dynamic = {{.*}}::cassette::rt::typeid_of([&]() -> decltype(auto) { return (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"get">
  bool pointee = typeid(*pick(1)) == typeid(Circle);
  // CHECK: bool pointee = {{.*}}::cassette::rt::typeid_of_pointee([&]() -> decltype(auto) { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"pick">
  try {
    (void)typeid(*pick(0));
  } catch (const std::bad_typeid&) {
    std::printf("caught bad_typeid\n");
  }
  bool unevaluated = typeid(plain()) == typeid(int);
  // CHECK: bool unevaluated = {{.*}}, typeid(plain()), typeid(int));
  Shape* self = &circle;
  bool local = typeid(*self) == typeid(Circle);
  // CHECK: bool local = {{.*}}, typeid(*self), typeid(Circle));
  return dynamic && pointee && unevaluated && local;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

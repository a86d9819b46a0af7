// Whole-program mode: a destructor's body runs as its twin
// (`cassette_twin_destructor`, a member function): the original forwards to
// it and returns, and the members and bases are destroyed as always. The
// calls in the body are intercepted wherever the object dies: at the end of
// a twin's scope, in a delete, or in code outside the twins. An explicit
// `p->~T()` is a hooked call of the destructor, a primitive (its twin runs
// the body only); its original forwards to the twin, as from any code
// outside the twins, so the body's calls nest inside that call.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
#include <new>

#include "trace_context.hpp"

int log_death(int id) { return id * 10; }

struct Base {
  int id;
  explicit Base(int i) : id(i) {}
  virtual ~Base() { log_death(id); }
  // CHECK: virtual ~Base() { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) { this->cassette_twin_destructor(::cassette::rt::program_twin<golden::TraceCtx>());
  // CHECK-SAME: return; } log_death(id); }
  // CHECK: template <class CassetteCtx> void cassette_twin_destructor(::cassette::Twin<CassetteCtx> cassette_ctx_) { ::cassette::rt::call(cassette_ctx_,
  // CHECK-SAME: ::cassette::fn<"log_death">
};

struct Derived : Base {
  explicit Derived(int i) : Base(i) {}
  ~Derived() override;
  // CHECK: template <class CassetteCtx> void cassette_twin_destructor(::cassette::Twin<CassetteCtx>) ;
};

Derived::~Derived() { log_death(id + 1); }
// CHECK-LABEL: Derived::cassette_twin_destructor(::cassette::Twin
// CHECK-SAME: cassette_ctx_) { ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"log_death">

int run() {
  { Base b(1); }
  Base* d = new Derived(2);
  delete d;
  alignas(Base) unsigned char raw[sizeof(Base)];
  Base* p = ::new (raw) Base(4);
  p->~Base();
  return 0;
}
// CHECK-LABEL: int cassette_twin_run(::cassette::Twin
// CHECK: ::cassette::fn<"Base::~Base">

int main() { return run(); }
// OUT: pre run()
// OUT-NEXT:   pre Base::Base(1)
// OUT-NEXT:   post Base::Base = _
// OUT-NEXT:   pre log_death(1)
// OUT-NEXT:     pre *(1, 10)
// OUT-NEXT:     post * = 10
// OUT-NEXT:   post log_death = 10
// OUT-NEXT:   pre new Derived(2)
// OUT-NEXT:     pre Base::Base(2)
// OUT-NEXT:     post Base::Base = _
// OUT-NEXT:   post new Derived = ptr
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre log_death(3)
// OUT-NEXT:     pre *(3, 10)
// OUT-NEXT:     post * = 30
// OUT-NEXT:   post log_death = 30
// OUT-NEXT:   pre log_death(2)
// OUT-NEXT:     pre *(2, 10)
// OUT-NEXT:     post * = 20
// OUT-NEXT:   post log_death = 20
// OUT-NEXT:   pre new Base(ptr, 4)
// OUT-NEXT:   post new Base = ptr
// OUT-NEXT:   pre Base::~Base(_)
// OUT-NEXT:     pre log_death(4)
// OUT-NEXT:       pre *(4, 10)
// OUT-NEXT:       post * = 40
// OUT-NEXT:     post log_death = 40
// OUT-NEXT:   post Base::~Base = _
// OUT-NEXT: post run = 0

// A function brought into scope by a using-declaration (leveldb's C API:
// `using leveldb::NewLRUCache;` at global scope) is called by the name the
// declaration brings; its twin is not brought, so the twin is named in the
// function's own namespace. Also through a namespace that re-declares it.
// CHECK: template <class CassetteCtx> int cassette_twin_use(
// CHECK: ::store::cassette_twin_make(cassette_t
// CHECK: ::store::cassette_twin_make(cassette_t
// OUT: pre store::make(3)
// OUT-NEXT:  pre +(3, 1)
// OUT-NEXT:  post + = 4
// OUT-NEXT: post store::make = 4
// OUT-NEXT: pre store::make(3)
// OUT-NEXT:  pre +(3, 1)
// OUT-NEXT:  post + = 4
// OUT-NEXT: post store::make = 4
// OUT-NEXT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include "trace_context.hpp"

namespace store {
int make(int n) { return n + 1; }
}  // namespace store

namespace api {
using store::make;
}  // namespace api

using store::make;

int use(int n) { return make(n) + api::make(n); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

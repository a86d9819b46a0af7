// A declaration that begins with a function-like macro spelling its return
// type, as C APIs declare their functions (cJSON's `CJSON_PUBLIC(cJSON *)
// cJSON_Parse(...)`, muparser's `API_EXPORT(void) mupRelease(...)`), gets a
// twin like any other: the macro use is copied as written at the front of
// the twin's declaration, and the calls are hooked. Declared in an extern "C"
// block, then defined, as such an API's header and source do.
// OUT: pre api_twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post api_twice = 6
// OUT-NEXT: pre api_name()
// OUT-NEXT: post api_name = ptr
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 'a'
// OUT-NEXT: pre ==('a', 'a')
// OUT-NEXT: post == = true
// OUT-NEXT: pre +(6, true)
// OUT-NEXT: post + = 7
// OUT-NEXT: result 7 plain 7
#include "trace_context.hpp"

#define API_EXPORT(TYPE) TYPE

extern "C" {
API_EXPORT(int) api_twice(int x);
API_EXPORT(const char*) api_name(void);
}

API_EXPORT(int) api_twice(int x) { return 2 * x; }
API_EXPORT(const char*) api_name(void) { return "api"; }
// CHECK: API_EXPORT(int) api_twice(int x);
// CHECK-NEXT: #line
// CHECK-NEXT: extern "C++" template <class CassetteCtx> API_EXPORT(int) cassette_twin_api_twice(::cassette::Twin<CassetteCtx>, int x);
// CHECK: extern "C++" template <class CassetteCtx> API_EXPORT(const char*) cassette_twin_api_name(::cassette::Twin<CassetteCtx>);
// CHECK: template <class CassetteCtx> API_EXPORT(int) cassette_twin_api_twice(::cassette::Twin<CassetteCtx> cassette_ctx_, int x) { return ::cassette::rt::call_op(
// CHECK: cassette_twin_use(
// CHECK-SAME: ::cassette::rt::named<&api_twice>{}, ::cassette::rt::lean_twin<&cassette_twin_api_twice<

int use(int y) { return api_twice(y) + (api_name()[0] == 'a'); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

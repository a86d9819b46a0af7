// A base initialiser's argument that is a cast of a name to a number, enum
// or pointer, or an element of a builtin array, may be evaluated twice as
// the name may: the base constructor's call is hooked (the argument's own
// operators still run through the context once, in the call's copy; muparserx's
// `IOprtBin(_T("="), (int)prASSIGN, oaLEFT)`, `IToken(eCode,
// g_sCmdCode[eCode])`). A cast that calls a conversion function is not
// (`Base((int)wrapped, ...)`): its twin runs without hooks around it.
// OUT: pre FromCast::FromCast(2)
// OUT-NEXT:   pre Base::Base(7, ptr)
// OUT-NEXT:     pre [](_, 2)
// OUT-NEXT:     post [] = ptr
// OUT-NEXT:     pre *(7, 2)
// OUT-NEXT:     post * = 14
// OUT-NEXT:   post Base::Base = _
// OUT-NEXT: post FromCast::FromCast = _
// OUT-NEXT: pre FromConversion::FromConversion(_)
// OUT-NEXT:   pre Wrapped::operator int(_)
// OUT-NEXT:   post Wrapped::operator int = 2
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post FromConversion::FromConversion = _
// OUT-NEXT: pre +(14, 4)
// OUT-NEXT: post + = 18
// OUT-NEXT: result 18 plain 18
#include "trace_context.hpp"

enum Precedence { prLow = 1, prHigh = 7 };
const char* const names[] = {"zero", "one", "two"};

struct Wrapped {
  int v;
  explicit operator int() const { return v; }
};

struct Base {
  int b;
  Base(int x, const char* tag) : b(x * 2) { (void)tag; }
};

struct FromCast : Base {
  explicit FromCast(int i) : Base((int)prHigh, names[i]) {}
  // CHECK-LABEL: FromCast(::cassette::Twin<CassetteCtx> cassette_ctx_, int i)
  // CHECK-SAME: : Base(::cassette::rt::base_initialiser(cassette_ctx_, ::cassette::fn<"Base::Base">({{.*}}), (int)prHigh, names[i]), (int)prHigh, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, names, i)) {}
};

struct FromConversion : Base {
  explicit FromConversion(Wrapped w) : Base((int)w, "w") {}
  // CHECK-LABEL: FromConversion(::cassette::Twin<CassetteCtx> cassette_ctx_, Wrapped w)
  // CHECK-SAME: : Base(cassette_ctx_, (int)::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Wrapped::operator int">
};

int use(int i) { return FromCast(i).b + FromConversion(Wrapped{i}).b; }

int main() { return golden::run(CASSETTE_FN(use), 2); }

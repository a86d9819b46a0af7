// Whole-program mode: a function whose only earlier declaration is a friend
// declaration in a class (fmt's `friend FMT_CONSTEXPR text_style
// fg(detail::color_type) noexcept;` in text_style, defined after it) gets
// its twin declared before its definition: the twin declared beside the
// friend declaration is a friend too, which ordinary lookup does not find
// from the original's forward ("use of undeclared identifier
// 'cassette_twin_fg'"), and the check took fg's twin away.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
// REPORT-NOT: no_twin_does_not_compile
// OUT: pre ns::fg(2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre ns::style::style(true, 3)
// OUT-NEXT:   post ns::style::style = _
// OUT-NEXT: post ns::fg = _
// OUT-NEXT: pre ns::style::value(_)
// OUT-NEXT: post ns::style::value = 3
// OUT-NEXT: pre ==(3, 3)
// OUT-NEXT: post == = true
#include "trace_context.hpp"

namespace ns {
struct style {
  constexpr style(bool f, int c) noexcept : fg_(f), c_(c) {}
  friend constexpr style fg(int c) noexcept;
  // CHECK: template <class CassetteCtx> friend {{ *}}style cassette_twin_fg(::cassette::Twin<CassetteCtx>, int c) noexcept;
  int value() const { return fg_ ? c_ : -c_; }

 private:
  bool fg_;
  int c_;
};

constexpr inline style fg(int c) noexcept { return style(true, c + 1); }
// CHECK-LABEL: auto cassette_twin_fg(::cassette::Twin
// CHECK-SAME: , int) noexcept -> ::ns::style; constexpr inline style fg(int c) noexcept {
}  // namespace ns

int main() { return ns::fg(2).value() == 3 ? 0 : 1; }

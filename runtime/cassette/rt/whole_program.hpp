// Whole-program mode (cassette-rewrite --overdub-main C --context-header H):
// the generated main calls cassette::rt::run_main<C>, which runs the program's main twin
// under one C for the whole run. A context may define, found by
// argument-dependent lookup,
//   void whole_program_start(C&);   // before main
//   void whole_program_finish(C&);  // at exit, also after std::exit
#pragma once

#include <cstdlib>

#include "unit.hpp"

namespace cassette::rt {

namespace detail {
template <class C>
concept has_whole_program_start = requires(C& c) { whole_program_start(c); };
template <class C>
concept has_whole_program_finish = requires(C& c) { whole_program_finish(c); };

template <class C>
C& whole_program_context() {
  static C ctx;
  return ctx;
}
}  // namespace detail

template <class C, class MainTwin>
int run_main(MainTwin&& main_twin) {
  C& ctx = detail::whole_program_context<C>();
  if constexpr (detail::has_whole_program_start<C>) whole_program_start(ctx);
  // Registered after ctx exists, so it runs before ctx is destroyed.
  if constexpr (detail::has_whole_program_finish<C>)
    std::atexit([] { whole_program_finish(detail::whole_program_context<C>()); });
  return static_cast<int>(untag(main_twin(twin(ctx))));  // a tagging context's main returns a tagged int
}

}  // namespace cassette::rt

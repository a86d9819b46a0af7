// Whole-program mode (cassette-rewrite --overdub-main C --context-header H):
// the generated main calls cassette::rt::run_main<C>, which runs the program's main twin
// under one C for the whole run. A context may define, found by
// argument-dependent lookup,
//   void whole_program_start(C&);   // when the context is made: before main,
//                                   // or at the first call into the tree
//   void whole_program_finish(C&);  // at exit, also after std::exit
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstdlib>
#include <new>

#include "unit.hpp"

namespace cassette::rt {

namespace detail {
template <class C>
concept has_whole_program_start = requires(C& c) { whole_program_start(c); };
template <class C>
concept has_whole_program_finish = requires(C& c) { whole_program_finish(c); };

// The program's one context, made on first use: by the generated main, or
// earlier by a static initialiser that enters a twin, or only when a test
// framework whose main is not the tree's first calls into it. It is started
// then, and finishes at exit. It is never destroyed: static destructors
// that call into the tree after it finished still find it.
// What the context's constructor, whole_program_start and
// whole_program_finish call of the tree runs as written, as from a hook: it
// is the context's code, and a twin entered there would ask for the context
// while it is being made.
template <class C>
C& whole_program_context() {
  alignas(C) static unsigned char storage[sizeof(C)];
  static C* const ctx = [] {
    suspend_entries in_context;
    return ::new (static_cast<void*>(storage)) C();
  }();
  [[maybe_unused]] static const bool started = [] {
    suspend_entries in_context;
    if constexpr (has_whole_program_start<C>) whole_program_start(*ctx);
    if constexpr (has_whole_program_finish<C>)
      std::atexit([] {
        suspend_entries finishing;
        whole_program_finish(*ctx);
      });
    return true;
  }();
  return *ctx;
}
}  // namespace detail

/// Emitted at the top of each original function in whole-program mode:
/// whether a call of it from outside the twins (a test framework calling a
/// test body, a library calling a virtual override, a static initialiser)
/// should run its twin under the program's context instead.
inline bool forwards_entry() noexcept { return entries_suspended == 0; }

namespace detail {
// Only a hook, an `execute`, a `fallback`, and the program context's making,
// start and finish suspend entries. A context without hooks, without state,
// without tagging and without start or finish has none of them, so under it
// every entry forwards.
template <class C>
inline constexpr bool entries_never_suspended =
    !hooks_enabled_v<C> && stateless_v<C> && !hastagging_v<C> && !::cassette::detail::is_nested_v<C> &&
    !has_whole_program_start<C> && !has_whole_program_finish<C>;
}  // namespace detail

/// The same for the program's context C, emitted by cassette-rewrite where the
/// tree can name C. Under a context whose entries are never suspended it is a
/// constant: the compiler folds the forward, so the original compiles to a
/// call of its twin and its own body is never generated (half the back end's
/// work on a rewritten unit).
template <class C>
CASSETTE_INLINE constexpr bool forwards_entry() noexcept {
  if constexpr (detail::entries_never_suspended<C>) return true;
  else return forwards_entry();
}

/// The context slot of the program's context, for such a forward.
template <class C>
Twin<C> program_twin() {
  if constexpr (detail::entries_never_suspended<C>) {
    // Nothing to make or start, so no guard on every entry: the one instance
    // every slot of C reaches.
    return twin(::cassette::detail::twin_storage<C>::instance);
  } else {
    return twin(detail::whole_program_context<C>());
  }
}

/// The body of a member function that a macro declares in its class (a
/// test framework's TEST), rewritten as a generic lambda: it runs under the
/// program's context wherever it is entered from.
template <class C, class Body>
decltype(auto) run_entry(Body&& body) {
  return body(program_twin<C>());
}

template <class C, class MainTwin>
int run_main(MainTwin&& main_twin) {
  C& ctx = detail::whole_program_context<C>();
  return static_cast<int>(untag(main_twin(twin(ctx))));  // a tagging context's main returns a tagged int
}

/// The program's context where it is not declared yet. When the context
/// header reads files of the tree (a context that formats with the tree's
/// own fmt, or logs with the tree's own logger), the tree's code cannot name
/// the context: its header is included once, at the end of each unit, after
/// everything the unit's own code declares. The forwards and the generated
/// main go through forward_to_program<R> and run_program_main, whose bodies
/// name the context only through program_context<Key>: a template's body is
/// instantiated at the end of the unit, where CASSETTE_PROGRAM_CONTEXT,
/// written after the context header's include, has defined it.
template <class Key>
struct program_context;
struct program_key;

template <class R, class Key = program_key, class Body>
R forward_to_program(Body&& body) {
  return body(program_twin<typename program_context<Key>::type>());
}

template <class Key = program_key, class MainTwin>
int run_program_main(MainTwin&& main_twin) {
  return run_main<typename program_context<Key>::type>(static_cast<MainTwin&&>(main_twin));
}

}  // namespace cassette::rt

#define CASSETTE_PROGRAM_CONTEXT(...)    \
  template <class Key>                   \
  struct cassette::rt::program_context { \
    using type = __VA_ARGS__;            \
  };
#pragma GCC visibility pop

// How the user's half of tagging (tagging.hpp) reaches the tagging runtime
// (rt/tagging.hpp, rt/shadow.hpp) without parsing it: what a file that never
// runs a tagging context does not need. Included by tagging.hpp, where the
// declarations it uses (hastagging_v, is_nested_v) stand.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

namespace cassette {
namespace rt {
/// The tagging runtime as the code above reaches it: loads, stores and the
/// shadow store. Defined by <cassette/rt/tagging.hpp>, which files rewritten
/// with --tagging include (and <cassette/tagging_runtime.hpp> for others), so
/// that a file that never runs a tagging context does not parse it.
template <class C>
struct tagging_runtime;
template <class C>
concept has_tagging_runtime = requires { tagging_runtime<C>::available; };
/// Stops the build where a tagging context needs the runtime a file lacks.
template <class C>
constexpr bool require_tagging_runtime() {
  static_assert(has_tagging_runtime<C>,
                "cassette: this context tags values (tagging_enabled), and this translation unit runs it (or "
                "reads the metadata of memory) without the tagging runtime: include "
                "<cassette/tagging_runtime.hpp> in the header that defines the context (files rewritten with "
                "--tagging include it themselves)");
  return has_tagging_runtime<C>;
}
namespace detail {
template <class C, bool Tags = hastagging_v<C> || ::cassette::detail::is_nested_v<C>>
struct tagging_ready {
  static constexpr bool value = false;
};
template <class C>
struct tagging_ready<C, true> {
  static constexpr bool value = require_tagging_runtime<C>();
};
}  // namespace detail
/// Whether C tags values and the tagging runtime is here to run it (the
/// build stops with a message when C tags values and it is not).
template <class C>
inline constexpr bool tagging_ready_v = detail::tagging_ready<C>::value;
}  // namespace rt
}  // namespace cassette
#pragma GCC visibility pop

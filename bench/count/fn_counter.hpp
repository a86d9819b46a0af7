// FnCounter: counts function calls only (named, member, virtual, overloaded
// operators, constructors, indirect calls), not builtin operators: the same
// calls the peers count, with one counter and an add per call.
#pragma once

#include <cassette/cassette.hpp>
#include <cstdint>

namespace bench {
struct FnCounter : cassette::Context<FnCounter> {
  static inline std::uint64_t calls = 0;
};
template <cassette::name_literal N, class... A>
CASSETTE_INLINE void prehook(FnCounter&, const cassette::fn<N>&, const A&...) {
  ++FnCounter::calls;
}
template <class... A>
CASSETTE_INLINE void prehook(FnCounter&, const cassette::indirect&, const A&...) {
  ++FnCounter::calls;
}
}  // namespace bench

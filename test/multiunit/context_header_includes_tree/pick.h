// Function templates that share a name, in a file the context header does
// not read: an original called before main forwards to exactly its own
// twin's instance (naming its template arguments alone would make overload
// resolution try the vector overload's twin, declared before, with
// `Alloc = std::array<...>` too: a hard error).
#pragma once
#include <vector>

namespace pick {
template <class T, class Alloc>
T first(const std::vector<T, Alloc>& v) {
  return v.front();
}
template <class T, class C>
T first(const C& c) {
  return c[0];
}
}  // namespace pick

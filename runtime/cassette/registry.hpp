// Registering a program's contexts: a header named by
// -DCASSETTE_CONTEXTS_HEADER="..." says `CASSETTE_CONTEXTS(MyCtx, Other)`, so
// that virtual calls and twins defined in other .cpp files work under those
// contexts (docs/contexts.md, Registered contexts).
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "rt/registry.hpp"

#define CASSETTE_CONTEXTS(...)                              \
  template <>                                               \
  struct cassette::rt::registered_contexts<void> {          \
    using type = ::cassette::rt::context_list<__VA_ARGS__>; \
  };
#pragma GCC visibility pop

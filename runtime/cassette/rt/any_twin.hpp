// The type-erased context slot that virtual thunks take. Valid C++11: a
// rewritten header declares its thunks also for a unit built below C++20
// (rt/unit.hpp), so that every unit sees its classes' virtual functions,
// and so their vtables, alike.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#ifdef __cplusplus  // a rewritten header may be read by C too (leveldb's c.h)
namespace cassette {
namespace rt {

/// A context slot with its type erased, passed to virtual thunks.
struct AnyTwin {
  void* ctx;
  const void* key;
};

}  // namespace rt
}  // namespace cassette
#endif
#pragma GCC visibility pop

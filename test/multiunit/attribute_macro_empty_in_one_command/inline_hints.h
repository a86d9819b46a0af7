// An attribute macro that is empty unless the build's configuration says
// the compiler has it (snappy-stubs-internal.h), and a namespace per build
// so that both objects link into one program.
#pragma once
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#ifdef HAVE_ATTRIBUTE_ALWAYS_INLINE
#define LIB_ALWAYS_INLINE __attribute__((always_inline))
#define LIB_NS configured
#else
#define LIB_ALWAYS_INLINE
#define LIB_NS unconfigured
#endif

// What one build's configure step found (snappy's config.h): read only
// when the command defines HAVE_CONFIG_H.
#pragma once
#define HAVE_ATTRIBUTE_ALWAYS_INLINE 1

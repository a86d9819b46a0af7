// The tree's own logger, which the context header written for this tree
// includes too: the context header's include of it comes first in every
// unit, before the context is declared. It uses logger::line, declared
// below line.h's include.
#pragma once
#include <cstdio>

#include "line.h"

namespace logger {
inline Line make(const char* text) { return Line{text, 1}; }
void line(std::FILE* out, const char* text);
}  // namespace logger

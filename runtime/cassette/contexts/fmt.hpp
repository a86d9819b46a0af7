// How the ready-made contexts get fmt, which formats their outputs. So that a
// program run under one need not link libfmt, fmt is used header-only
// (FMT_HEADER_ONLY) when this is the first include of fmt in the unit; the
// macro is undefined again right after, so it does not leak into the
// program's own code. A unit that already included fmt (its own fmt, linked),
// or one built with -DCASSETTE_FMT_LINKED, uses fmt as it is: then link
// fmt::fmt (docs/profiler.md, "fmt").
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#if !defined(FMT_VERSION) && !defined(CASSETTE_FMT_LINKED) && !defined(FMT_HEADER_ONLY)
#define FMT_HEADER_ONLY
#define CASSETTE_DEFINED_FMT_HEADER_ONLY
#endif
#include <fmt/format.h>
#ifdef CASSETTE_DEFINED_FMT_HEADER_ONLY
#undef FMT_HEADER_ONLY
#undef CASSETTE_DEFINED_FMT_HEADER_ONLY
#endif
#pragma GCC visibility pop

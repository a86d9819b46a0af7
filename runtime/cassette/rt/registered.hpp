// Included at the end of every rewritten file: brings in the header that
// registers the program's contexts (-DCASSETTE_CONTEXTS_HEADER="..."), if any.
// At the end of a file, everything that header names has been declared, and
// the registration is read only where templates are instantiated, which
// compilers do at the end of the translation unit.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include "unit.hpp"

#if defined(CASSETTE_CONTEXTS_HEADER)
#include CASSETTE_CONTEXTS_HEADER
#endif
#pragma GCC visibility pop

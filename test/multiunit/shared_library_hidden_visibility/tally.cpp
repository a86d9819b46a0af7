#include "tally.h"

// Not exported: called inside the library only.
static int clamped(int x) { return x > 100 ? 100 : x; }

int doubled(int x) { return clamped(2 * x); }

void Tally::add(int n) { total_ += doubled(n); }

int Tally::total() const { return total_; }

// Exported where it is defined, its first declaration in this unit (doctest's
// `DOCTEST_SYMBOL_EXPORT void default_cpp_force_link() {}`): the twin's
// declaration before it exports the twin too.
TALLY_API int tally_version() { return 3; }

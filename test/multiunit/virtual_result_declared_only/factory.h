// A class returning by value a class it only declares (log4cplus's
// LoggerFactory and Logger): whether Value is complete here depends on what
// the unit included first, so `make` has no virtual thunk in any unit;
// `level` takes and returns a Level this header includes, and keeps its.
#pragma once
#include "level.h"

class Value;
struct Factory {
  virtual Value make(int seed) = 0;
  virtual Level level(Level base) const { return Level{base.n + 1}; }
  virtual ~Factory();
};
Value twice(Factory& f, int seed);

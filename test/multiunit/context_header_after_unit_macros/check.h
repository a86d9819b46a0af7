// A test's own TINYLOG_CHECK, defined before the logger is included, that
// throws: the context header, which includes the logger too, must not be
// read before this file is.
#pragma once
#include <stdexcept>

void throw_check_failure(const char* message);
#define TINYLOG_CHECK(condition, message) \
  if (!(condition)) throw_check_failure(message);

#include "tinylog.h"

inline void throw_check_failure(const char* message) { throw std::logic_error(message); }

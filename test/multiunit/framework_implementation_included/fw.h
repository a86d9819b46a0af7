// The single header: the interface, then the implementation, which only the
// source that defines FW_IMPLEMENT reads (doctest's development header).
#include "fw_fwd.h"
#ifndef FW_SINGLE_HEADER
#define FW_SINGLE_HEADER
#endif
#include "fw.cpp"

#pragma once
#include "fn_counter.hpp"
CASSETTE_CONTEXTS(bench::FnCounter)

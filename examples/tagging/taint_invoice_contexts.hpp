#pragma once
#include "taint.hpp"
CASSETTE_CONTEXTS(taint::Context)

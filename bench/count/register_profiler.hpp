#pragma once
#include <cassette/contexts/profiler.hpp>
CASSETTE_CONTEXTS(cassette::Profiler)

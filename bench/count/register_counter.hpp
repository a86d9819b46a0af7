#pragma once
#include <cassette/contexts/counter.hpp>
CASSETTE_CONTEXTS(cassette::CallCounter)

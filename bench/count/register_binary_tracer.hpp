#pragma once
#include <cassette/contexts/binary_tracer.hpp>
CASSETTE_CONTEXTS(cassette::BinaryTracer)

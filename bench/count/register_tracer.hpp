#pragma once
#include <cassette/contexts/tracer.hpp>
CASSETTE_CONTEXTS(cassette::Tracer)

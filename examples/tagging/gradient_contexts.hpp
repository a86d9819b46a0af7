#pragma once
#include "forward_ad.hpp"
CASSETTE_CONTEXTS(fad::Context<>)

// The program under study: ordinary C++ that knows nothing about Cassette.
#pragma once

#include <vector>

double rosenbrock(const std::vector<double>& x);

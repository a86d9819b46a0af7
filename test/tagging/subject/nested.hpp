// Ordinary code that takes derivatives itself (fad::derivative), rewritten
// with --tagging and differentiated again by the tests: nested
// differentiation, where the two differentiations must never mix
// (perturbation confusion).
#pragma once

namespace nested {

double times(double x, double y);
double plus(double x, double y);
double sin_of_product(double x, double y);
double through_a_field(double x, double y);   // x * y stored in and read from a struct field
double through_a_vector(double x, double y);  // x * y pushed into a vector and read back

double x_times_d_times(double x);     // x * d/dy (x*y) = x^2
double x_times_d_plus(double x);      // x * d/dy (x+y) = x (Siskind and Pearlmutter's example)
double d_sin_of_product(double x);    // d/dy sin(x*y) at y = 1 = x cos(x)
double x_times_d_field(double x);     // as x_times_d_times, the product through memory
double x_times_d_vector(double x);    // as x_times_d_times, the product through a vector

}  // namespace nested

// Ordinary numeric code; nothing here knows about Cassette.
#pragma once
#include <string>
#include <vector>

double rosenbrock(const std::vector<double>& x);

struct Body {
  double x, y, vx, vy, mass;
};
/// One explicit Euler step of bodies under gravity towards the origin and
/// drag; returns the total energy after the step.
double step(std::vector<Body>& bodies, double dt);

struct Order {
  std::string item;
  double price;
  int quantity;
};
struct Invoice {
  double subtotal, tax, shipping, total;
};
Invoice bill(const std::vector<Order>& orders, double tax_rate, double shipping_per_item);

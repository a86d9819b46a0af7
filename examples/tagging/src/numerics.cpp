#include "numerics.hpp"

#include <cmath>

double rosenbrock(const std::vector<double>& x) {
  double s = 0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static double norm(double x, double y) { return std::sqrt(x * x + y * y); }

double step(std::vector<Body>& bodies, double dt) {
  const double drag = 0.1;
  double energy = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    Body& b = bodies[i];
    double r = norm(b.x, b.y);
    double f = -b.mass / (r * r * r);
    b.vx += dt * (f * b.x - drag * b.vx) / b.mass;
    b.vy += dt * (f * b.y - drag * b.vy) / b.mass;
    b.x += dt * b.vx;
    b.y += dt * b.vy;
    energy += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy) - b.mass / norm(b.x, b.y);
  }
  return energy;
}

Invoice bill(const std::vector<Order>& orders, double tax_rate, double shipping_per_item) {
  Invoice inv{0, 0, 0, 0};
  std::vector<double> lines;
  for (const Order& o : orders) {
    lines.push_back(o.price * o.quantity);
    inv.shipping += shipping_per_item * o.quantity;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) inv.subtotal += lines[i];
  inv.tax = inv.subtotal * tax_rate;
  inv.total = inv.subtotal + inv.tax + inv.shipping;
  return inv;
}

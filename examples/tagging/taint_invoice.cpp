// Taint tracking of unmodified code: which parts of an invoice depend on
// which inputs (prices, quantities, the tax rate, the shipping rate).
#include <cstdio>
#include <string>
#include <vector>

#include "numerics.hpp"  // the rewritten header
#include "taint.hpp"

namespace {
const char* const names[] = {"price", "quantity", "tax rate", "shipping"};
std::string describe(taint::Labels l) {
  std::string out;
  for (int i = 0; i < 4; ++i)
    if (l & (taint::Labels{1} << i)) out += (out.empty() ? "" : ", ") + std::string(names[i]);
  return out.empty() ? "nothing" : out;
}
}  // namespace

int main() {
  taint::Context ctx;
  std::vector<Order> orders{{"lamp", 25.0, 2}, {"bulb", 3.5, 4}};
  for (Order& o : orders) {
    cassette::tag_in_place(ctx, o.price, taint::Labels{1});
    cassette::tag_in_place(ctx, o.quantity, taint::Labels{2});
  }
  auto tax_rate = cassette::tag(0.2, ctx, taint::Labels{4});
  auto shipping = cassette::tag(1.5, ctx, taint::Labels{8});
  Invoice inv = cassette::overdub(ctx, CASSETTE_FN(bill), orders, tax_rate, shipping);
  struct Row { const char* name; double* field; } rows[] = {
      {"subtotal", &inv.subtotal}, {"tax", &inv.tax}, {"shipping", &inv.shipping}, {"total", &inv.total}};
  for (const Row& r : rows)
    std::printf("%-8s = %7.2f depends on: %s\n", r.name, *r.field,
                describe(cassette::metadata_in_place(ctx, *r.field).value_or(0)).c_str());
}

#include "expr.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace et {

std::strong_ordering Name::operator<=>(const Name& o) const {
  if (auto c = s_.size() <=> o.s_.size(); c != 0) return c;
  return s_.compare(o.s_) <=> 0;
}

void fail(const char* why) { throw std::runtime_error(why); }

int checked_div(int a, int b) {
  if (b == 0) fail("division by zero");
  return a / b;
}

}  // namespace et

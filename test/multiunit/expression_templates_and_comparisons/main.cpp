#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "expr.h"

int main() {
  using namespace et;
  Vec a{1, 2, 3}, b{4, 5, 6}, c{0.5, 0.5, 0.5};
  Vec d = (a + b) * c + a;
  std::printf("d %g %g %g sum %g lazy %g\n", d[0], d[1], d[2], sum(a * b), sum((a + b) * (a + c)));

  Version v1{1, 2, 3}, v2{1, 3, 0};
  std::printf("versions %d %d %d %d %d\n", v1 < v2, v1 == v2, v1 != v2, v2 >= v1, (v1 <=> v2) < 0);
  std::set<Version> vs{v2, v1, Version{0, 9, 9}};
  std::printf("first %d.%d.%d\n", vs.begin()->major, vs.begin()->minor, vs.begin()->patch);
  std::unordered_map<Version, int> counts;
  ++counts[v1];
  ++counts[v1];
  std::printf("count %d\n", counts[v1]);

  Name n1("bob"), n2("alice"), n3("bob");
  std::string s = "bob";
  std::printf("names %d %d %d %d %d %d\n", n1 == n3, n1 != n2, n1 < n2, s == n1, n2 != s, n1 > n2);
  std::vector<Name> names{n2, n1, Name("al")};
  std::sort(names.begin(), names.end());
  for (const Name& n : names) std::printf("%s ", n.str().c_str());
  std::printf("\n");

  auto [x, y, z] = Pair3(7, "seven", 7.5);
  std::printf("tuple-like %d %s %g\n", x, y.c_str(), z);

  std::vector<bool> bits(5, false);
  bits[1] = true;
  for (auto&& bit : bits) bit = !bit;
  std::printf("bits %d %d %zu\n", int(bits[0]), int(bits[1]), std::count(bits.begin(), bits.end(), true));

  std::map<int, std::vector<int>> m;
  m[1].push_back(10);
  m[1].push_back(11);
  auto it = m.find(1);
  std::printf("map %zu %d\n", it->second.size(), it->second.back());

  std::printf("div %d\n", checked_div(7, 2));
  try {
    checked_div(1, 0);
  } catch (const std::exception& e) {
    std::printf("caught %s\n", e.what());
  }
  return 0;
}

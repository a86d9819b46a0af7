#include <forward_list>
#include <list>
#include <vector>

#include "traits.h"

struct Plain {};

int main() {
  std::vector<int> v{1, 2, 3};
  int arr[4] = {};
  std::printf("count %zu %zu %zu\n", meta::count_of(v), meta::count_of(2.5), meta::count_of(arr));
  Widget w;
  w.set_title("main");
  w.set_width(640);
  std::printf("describe '%s' '%s' width %d\n", meta::describe(w).c_str(), meta::describe(Plain{}).c_str(), w.width());
  std::list<int> l{1};
  std::forward_list<int> f{1};
  std::printf("cost %d %d %d\n", meta::advance_cost(v.begin()), meta::advance_cost(l.begin()),
              meta::advance_cost(f.begin()));
  std::printf("total %d args %zu\n", meta::total(1, 2.5, 'a', 3L), meta::count_args(1, "x", v));
  int calls = 0;
  int r = meta::apply_twice([&calls](int a, int b) { return ++calls * (a + b); }, 2, 3);
  std::printf("twice %d calls %d\n", r, calls);
  for (Color c : {Color::red, Color::green, Color::blue}) std::printf("%s=%06x ", color_name(c), color_value(c));
  std::printf("\n");
  return 0;
}

#include <cstdio>

namespace geo {
struct Rect {
  int w, h;
  int area() const {
    int a = w * h;
    return a;
  }
};

int scaled(const Rect& r, int k) {
  int a = r.area();
  return a * k;
}
}  // namespace geo

int main() {
  geo::Rect r{3, 4};
  std::printf("%d\n", geo::scaled(r, 2));
}

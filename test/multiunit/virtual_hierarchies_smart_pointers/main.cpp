// Virtual calls with default arguments, covariant returns, a pure virtual
// with a body, multiple inheritance, inherited constructors,
// enable_shared_from_this, ref-qualified members, explicit operator bool,
// iostreams, std::function callbacks, custom hash and comparators, custom
// deleters.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <queue>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

struct Shape {
  virtual ~Shape() { ++destroyed; }
  virtual double area() const = 0;
  virtual std::string name(const std::string& prefix = "shape") const { return prefix + ":" + kind(); }
  virtual Shape* clone() const = 0;
  static int destroyed;
 protected:
  virtual std::string kind() const { return "?"; }
};
int Shape::destroyed = 0;
double Shape::area() const { return 0; }

struct Circle : Shape {
  double r;
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3 * r * r + Shape::area(); }
  Circle* clone() const override { return new Circle(*this); }
 protected:
  std::string kind() const override { return "circle"; }
};

struct Named { virtual ~Named() = default; virtual std::string label() const { return "named"; } };
struct Both : Circle, Named {
  using Circle::Circle;
  std::string label() const override { return "both" + std::to_string((int)area()); }
};

class Account : public std::enable_shared_from_this<Account> {
 public:
  explicit Account(int b) : balance_(b) {}
  std::shared_ptr<Account> self() { return shared_from_this(); }
  int& value() & { return balance_; }
  int value() && { return balance_ * 100; }
  int value() const& { return balance_; }
  explicit operator bool() const { return balance_ > 0; }
  friend std::ostream& operator<<(std::ostream& os, const Account& a) { return os << "Account(" << a.balance_ << ")"; }
  void on_change(std::function<void(int)> f) { cb_ = std::move(f); }
  void deposit(int v) { balance_ += v; if (cb_) cb_(balance_); }
 private:
  int balance_;
  std::function<void(int)> cb_;
};

struct PairHash { std::size_t operator()(const std::pair<int, int>& p) const { return p.first * 31 + p.second; } };
struct ByLen { bool operator()(const std::string& a, const std::string& b) const { return a.size() < b.size() || (a.size() == b.size() && a < b); } };

int main() {
  std::vector<std::unique_ptr<Shape>> shapes;
  shapes.push_back(std::make_unique<Circle>(1));
  shapes.push_back(std::unique_ptr<Shape>(shapes[0]->clone()));
  Both b(2);
  Named& nb = b;
  std::ostringstream os;
  for (const auto& s : shapes) os << s->name() << "=" << s->area() << ";";
  os << b.name("x") << " " << nb.label();
  auto acc = std::make_shared<Account>(5);
  int seen = 0;
  acc->on_change([&seen](int v) { seen = v; });
  acc->deposit(7);
  auto again = acc->self();
  std::weak_ptr<Account> w = again;
  int rv = Account(3).value();
  int lv = acc->value();
  std::unordered_map<std::pair<int, int>, int, PairHash> grid{{{1, 2}, 3}};
  std::map<std::string, int, ByLen> bylen{{"ccc", 1}, {"a", 2}, {"bb", 3}};
  std::priority_queue<int, std::vector<int>, std::greater<int>> pq;
  for (int v : {5, 1, 4}) pq.push(v);
  std::vector<std::string> words{"pear", "fig", "apple"};
  int threshold = 3;
  std::sort(words.begin(), words.end(), [threshold](const std::string& a, const std::string& c) {
    return (a.size() > (size_t)threshold) < (c.size() > (size_t)threshold) || a < c;
  });
  std::shared_ptr<int> custom(new int(9), [&seen](int* p) { seen += *p; delete p; });
  custom.reset();
  os << " " << *acc << " " << (bool)*acc << " " << seen << " " << rv << " " << lv << " " << grid[{1, 2}] << " "
     << bylen.begin()->first << " " << pq.top() << " " << words[0] << " " << !w.expired();
  shapes.clear();
  std::cout << os.str() << " destroyed=" << Shape::destroyed << std::endl;
}

// Exceptions through rewritten calls: a hierarchy, RAII guards, a
// function-try-block, a throwing member initialiser, exception_ptr;
// a std::thread worker with thread_local, atomics and a mutex.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <atomic>
#include <cstdio>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct MyErr : std::runtime_error {
  int code;
  MyErr(const std::string& m, int c) : std::runtime_error(m), code(c) {}
};

static std::vector<std::string> log_;
struct Guard {
  std::string name;
  explicit Guard(std::string n) : name(std::move(n)) { log_.push_back("+" + name); }
  ~Guard() { log_.push_back("-" + name); }
};

int risky(int x) {
  Guard g("risky");
  if (x > 2) throw MyErr("too big", x);
  return x * 10;
}

int wrapper(int x) try {
  return risky(x);
} catch (const MyErr& e) {
  return -e.code;
}

struct Member {
  int v;
  explicit Member(int x) : v(x > 100 ? throw std::invalid_argument("big") : x) {}
};
struct Holder {
  Member m;
  Holder(int x) try : m(x) {} catch (...) { log_.push_back("holder-failed"); throw; }
};

thread_local int tl_count = 0;
std::atomic<int> total{0};
std::mutex mu;
int shared_sum = 0;

void work(int id) {
  for (int i = 0; i < 1000; ++i) { ++tl_count; total.fetch_add(1, std::memory_order_relaxed); }
  std::lock_guard<std::mutex> lk(mu);
  shared_sum += id * tl_count;
}

int main() {
  int a = wrapper(1), b = wrapper(5);
  std::exception_ptr ep;
  try { risky(9); } catch (...) { ep = std::current_exception(); }
  int c = 0;
  try { std::rethrow_exception(ep); } catch (const std::exception& e) { c = (int)std::string(e.what()).size(); }
  int d = 0;
  try { Holder h(500); } catch (const std::invalid_argument&) { d = 1; }
  // One thread: CallCounter's counters are not atomic (threads race on them).
  std::thread t([] { for (int i = 1; i <= 4; ++i) work(i); });
  t.join();
  std::string l;
  for (auto& s : log_) l += s + ",";
  std::printf("%d %d %d %d %d %d %s\n", a, b, c, d, total.load(), shared_sum, l.c_str());
}

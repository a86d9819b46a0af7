// Code that runs outside main's body: static initialisers that call
// functions, inline variables, a constructor attribute, atexit,
// function-local statics, default arguments with side effects, std::exit from
// main.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::vector<std::string> events;
int next_id() { static int id = 0; return ++id; }
int base_value() { return 40; }
int with_default(int x = base_value(), int y = next_id()) { return x + y; }

struct Registry {
  std::vector<std::string> names;
  static Registry& get() { static Registry r; return r; }
  int add(const std::string& n) { names.push_back(n); return (int)names.size(); }
  ~Registry() { std::printf("registry closed with %zu\n", names.size()); }
};
static int reg_a = Registry::get().add("a");
static int reg_b = Registry::get().add("b" + std::to_string(next_id()));
inline int inline_var_init() { return 7; }
inline int shared_counter = inline_var_init();

__attribute__((constructor)) static void early() { events.push_back("early"); }
static void at_exit_handler() { std::printf("atexit %zu %d\n", events.size(), shared_counter); }

struct Local {
  int v;
  explicit Local(int v) : v(v) { events.push_back("local" + std::to_string(v)); }
  ~Local() { events.push_back("~local"); }
};
int use_static_local() { static Local l(next_id()); return l.v; }

int main(int argc, char** argv) {
  std::atexit(at_exit_handler);
  int a = with_default();
  int b = with_default(1);
  int c = use_static_local() + use_static_local();
  std::printf("%d %d %d %d %d %d %s %zu\n", a, b, c, reg_a, reg_b, argc, argv[0] ? "argv" : "none", events.size());
  if (argc > 5) return 3;
  std::exit(shared_counter == 7 ? 0 : 1);
}

// C written as C++: X-macros that define functions, do-while(0) macros,
// variadic macros with __VA_ARGS__, token pasting, va_list, qsort and bsearch
// callbacks, a table of function pointers, goto and switch fall-through.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define COLORS X(red, 1) X(green, 2) X(blue, 3)
#define X(name, val) static int get_##name() { return val; }
COLORS
#undef X

#define CHECK(cond) do { if (!(cond)) { std::printf("fail %s:%d %s\n", __FILE__, __LINE__, #cond); } } while (0)
#define LOG(fmt, ...) logf_impl(__LINE__, fmt, ##__VA_ARGS__)
#define SQUARE(x) ((x) * (x))
#define CALL_TWICE(f, a) (f(a) + f(a))
#define DECLARE_GETTER(type, name) type get_##name(const struct Rec* r) { return r->name; }

struct Rec { int id; double score; const char* name; };
DECLARE_GETTER(int, id)
DECLARE_GETTER(double, score)

static int logged = 0;
static void logf_impl(int line, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[128];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  logged += (int)std::strlen(buf) + (line > 0);
}

static int cmp_int(const void* a, const void* b) { return *(const int*)a - *(const int*)b; }
static int inc(int x) { return x + 1; }
typedef int (*op_fn)(int);
static op_fn table[] = {inc, [](int x) { return x * 2; }};

static int state_machine(const char* s) {
  int n = 0;
  for (const char* p = s; *p; ++p) {
    switch (*p) {
      case 'a': n += 1; [[fallthrough]];
      case 'b': n += 2; break;
      default: if (*p == 'z') goto done; n += 10;
    }
  }
done:
  return n;
}

int main() {
  int arr[] = {5, 2, 9, 1};
  std::qsort(arr, 4, sizeof(int), cmp_int);
  int key = 9;
  int* found = (int*)std::bsearch(&key, arr, 4, sizeof(int), cmp_int);
  Rec r{7, 2.5, "rec"};
  CHECK(get_id(&r) == 7);
  CHECK(SQUARE(3) == 9);
  LOG("x=%d y=%s", 3, "abc");
  LOG("plain");
  int t = 0;
  for (op_fn f : table) t += f(10);
  std::printf("%d %d %d %d %.1f %d %d %d %d %d\n", arr[0], (int)(found - arr), get_red() + get_green() + get_blue(),
              get_id(&r), get_score(&r), logged, t, CALL_TWICE(inc, 4), state_machine("abqzq"), SQUARE(inc(2)));
}

#include "model.hpp"

#include <cmath>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
#include <list>
#include <outside.hpp>

namespace model {

double g_scale = 3.0;

double poly(double x) { return 3 * x * x + 2 * x + 1; }

static double twice(double v) { return v + v; }

double through_helpers(double x, int n) {
  double acc = 0;
  for (int i = 0; i < n; ++i) acc += twice(x) * i;
  acc -= x;
  int truncated = static_cast<int>(acc);
  return acc + truncated;
}

double no_rule(double x) { return std::cbrt(x) + x; }

double relu(double x) {
  if (x > 0) return x;
  return 0;
}

bool positive(double x) { return x > 0; }

double choose(bool b, double x, double y) { return b ? x : y; }

Particle::Particle(double px, double py, double m) : pos{px, py}, vel{0, 0}, mass(m) {}

double field_round_trip(double a) {
  Particle p(a, 2 * a, 1.5);
  return p.pos.x + p.pos.y;
}

double aggregate_round_trip(double a, double b) {
  Vec2 v{a, b * b};
  return v.x * v.y;
}

double nested_overwrite(double a, double b) {
  Particle p(0, 0, 1);
  p.vel.y = a;
  double first = p.vel.y * b;
  p.vel.y = 2;
  return first + p.vel.y;
}

double copy_struct(double a) {
  Vec2 v{a, 1};
  Vec2 w = v;
  return w.x * w.x;
}

namespace {
double norm_sq(Vec2 v) { return v.x * v.x + v.y * v.y; }
}  // namespace

double by_value_struct(double a) {
  Vec2 v{a, 2 * a};
  return norm_sq(v) + norm_sq(Vec2{a, 1}) + norm_sq({3, a});
}

double assign_struct(double a) {
  Vec2 v{a, 2 * a};
  Vec2 w{0, 0};
  w = v;
  v.y = 5;  // the copy keeps its own metadata
  return w.x + w.y + v.y;
}

// Structs returned by value come back in registers: the caller's variable
// takes the fields' metadata from the object the callee returned.
Vec2 scaled(const Vec2& v, double k) {
  Vec2 r;
  r.x = v.x * k;
  r.y = v.y * k;
  return r;
}
Vec2 make_vec(double x, double y) { return Vec2{x * 2, y}; }
Vec2 make_vec_bare(double x, double y) { return {x, y * 3}; }
Vec2 through(double x) { return make_vec(x, x); }
Vec2 pick(bool first, const Vec2& a, const Vec2& b) { return first ? a : b; }

double returned_structs(double a) {
  Vec2 v = make_vec(a, a);   // (2a, a)
  Vec2 w = scaled(v, a);     // (2a^2, a^2)
  Vec2 u = through(a);       // (2a, a)
  Vec2 z{0, 0};
  z = make_vec_bare(a, a);   // (a, 3a), by assignment
  Particle p(a, 1, 1);
  Vec2 q = p.position();     // (a, 1)
  Vec2 c = pick(false, v, w);  // an expression the callee does not name: no metadata
  return v.x + w.y + u.x + z.y + q.x + c.x;  // 2a + a^2 + 2a + 3a + a + 2a^2 (untagged)
}

double range_for(const std::vector<double>& xs, const std::vector<Vec2>& vs) {
  double s = 0;
  for (double v : xs) s += v * v;  // a value
  for (double w : xs) {            // a variable in memory (its address is taken)
    const double* p = &w;
    s += *p;
  }
  for (Vec2 c : vs) s += c.x * c.y;  // a copied struct
  return s;
}

static double cube(double v) { return v * v * v; }
double library_pointer(double x) {
  double (*fp)(double) = &::cbrt;
  std::function<double(double)> g = ::cbrt;
  return fp(x) * 2 + g(x);
}

double outside_call(double x) { return outside::scale(x) + 1; }

double through_pointer(double x) {
  double (*fp)(double) = &cube;
  std::function<double(double)> g = cube;
  return fp(x) + g(x);  // 2x^3
}

static int pick(int) { return 1; }
static int pick(double) { return 2; }
static int pick(long) { return 3; }
int overloaded(double x) {
  int n = 4;
  return pick(x) * 100 + pick(n) * 10 + pick(7L);  // 213, as for plain values
}

double array_sum(double a) {
  double buf[4];
  for (int i = 0; i < 4; ++i) buf[i] = a * i;
  double s = 0;
  for (int i = 0; i < 4; ++i) s += buf[i];
  return s;
}

double global_scaled(double a) {
  static double calls = 0;
  calls += a;
  g_scale = g_scale + a;
  return g_scale * calls;
}

double heap_particle(double a) {
  Particle* p = new Particle(a, a, a);
  p->mass = p->mass * a;
  double m = p->mass;
  delete p;
  return m;
}

double vector_elements(double a, int n) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = a * (i + 1);
  double s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  return s;
}

double vector_push_back(double a, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(a * i);  // reallocates as it grows
  double s = 0;
  for (int i = 0; i < n; ++i) s += v[i] * v[i];
  return s;
}

double scratch_vector(double a, int n, const double** buffer) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(a * (i + 1));
  *buffer = v.data();
  double s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  return s;  // v's buffer is freed here
}

double braced_vector(double a, double b) {
  std::vector<double> v{a, b, 1};
  return v[1] + v[2];
}

double braced_list_deque(double a, double b, double c) {
  std::list<double> l{a, b};
  std::deque<float> d = {float(c)};
  return l.back() + d[0];
}

double braced_temporary(double a, double b, double c) {
  auto t = std::vector<double>{a * b, c};
  return t[1];
}

static double second(const std::vector<double>& v) { return v[1]; }
namespace {
struct Holder {
  std::vector<double> v;
  Holder(double a, double b) : v{a, b} {}
};
}  // namespace

double braced_argument_member(double a, double b, double c) {
  Holder h(a, b);
  return second({a, c}) + h.v[1];
}

int braced_ints(int k, int j) {
  std::vector<int> v{k, 2, j};
  return v[0] * v[1];
}

template <class T>
T doubled(T v) {
  return v * 2;
}
template <class T>
T repeat_twice(T x, int n) {
  T acc = x;
  for (int i = 0; i < n; ++i) acc = doubled(acc);
  return acc;
}

double dependent_assignment(double x) { return repeat_twice(x, 3); }

double mixed_precision(float a) {
  std::vector<double> v(1);
  v[0] = a * a;
  return v[0];
}

double energy(const std::vector<Particle>& ps) {
  double e = 0;
  for (std::size_t i = 0; i < ps.size(); ++i)
    e += 0.5 * ps[i].mass * (ps[i].vel.x * ps[i].vel.x + ps[i].vel.y * ps[i].vel.y) + ps[i].pos.y * g_scale;
  return e;
}

struct Scale {
  double k;
  double operator()(double v) const { return k * v; }
};

double convoluted(double a, double b) {
  Particle p(a, b, 2);
  std::vector<double> history;
  history.push_back(p.pos.x * p.pos.y);
  Scale s{b};
  history.push_back(s(history[0]));
  g_scale = history[1] - a;
  double arr[2] = {0, 0};
  arr[1] = g_scale * p.mass;
  return arr[1] + history[0];
}

}  // namespace model

namespace model {
double self_referential(double a) {
  Node n{a, nullptr};
  n.next = &n;
  n.next->next->value = n.value * 2;  // a store through the structure's pointer to itself
  return n.next->value + n.value;    // both read the one field: 2a + 2a
}

double ring_sum(double a, int n) {
  std::vector<Node*> nodes;
  for (int i = 0; i < n; ++i) {
    Node* node = new Node;
    node->value = a * (i + 1);
    nodes.push_back(node);
  }
  for (int i = 0; i < n; ++i) nodes[i]->next = nodes[(i + 1) % n];
  double sum = 0;
  Node* at = nodes[0];
  for (int step = 0; step < 2 * n; ++step) {
    sum += at->value;
    at = at->next;
  }
  for (Node* node : nodes) delete node;
  return sum;  // 2 * a * n(n+1)/2
}
}  // namespace model

namespace model {
double Square::area(double scale) const { return scale * side * side; }
double scaled_area(const Shape& s, double k) { return s.area(k) + k; }
template <class T>
T twice_of(T x) {
  return x + x;
}
double explicit_template(double x) { return twice_of<double>(x) + twice_of(x); }
// Generic code sees a tagged value's type as T: its limits are the value type's.
template <class T>
T capped(T x) {
  return x < std::numeric_limits<T>::max() / 2 ? x * std::numeric_limits<T>::epsilon() : x;
}
double generic_limits(double x) { return capped(x); }
}  // namespace model

namespace model {
bool g_stack_reused = false;

static void take_address(double*) {}

double stack_reuse(double x) {
  static const double plain[4] = {5, 5, 5, 5};  // the numbers the caller tags
  const void* first = nullptr;
  double r = 0;
  for (int k = 0; k < 2; ++k) {
    double a[4];
    Cell c;
    double e;
    take_address(&e);
    if (k == 0) {
      first = a;
      for (int i = 0; i < 4; ++i) a[i] = x;
      c.v = x;
      e = x;
    } else {
      g_stack_reused = first == a;
      std::memcpy(a, plain, sizeof a);
      std::memcpy(&c, plain, sizeof c);
      std::memcpy(&e, plain, sizeof e);
      r = a[0] + c.v + e;
    }
  }
  return r;
}

Cell make_cell(double x) {
  Cell c;
  c.v = x;
  c.w = 2 * x;
  return c;
}

double cell_sum(double x) {
  Cell c = make_cell(x);
  return c.v + c.w;
}
}  // namespace model


namespace model {

double observe(const Vec2& v) { return v.x + v.y; }

static Vec2 passed_through(Vec2 v) { return v; }

double whole_objects(const Vec2& v) {
  Vec2 a = v;                  // a copy
  Vec2 b = passed_through(a);  // by value, and returned by value
  std::vector<Vec2> list;
  list.push_back(a);  // each push reallocates: the elements move with their metadata
  list.push_back(b);
  list.push_back(v);
  Vec2 c{3.0, 4.0};  // a new object: none
  Vec2 d{0.0, 0.0};
  d = v;       // assigned
  a.x = 10.0;  // a field changes: the object keeps its own metadata
  return observe(a) + observe(b) + observe(list[0]) + observe(list[2]) + observe(c) + observe(d);
}

double pushed_structs(double a) {
  Vec2 v{a, 1.0};
  std::vector<Vec2> list;
  for (int i = 0; i < 5; ++i) list.push_back(v);  // reallocates at 1, 2 and 4 elements
  double sum = 0;
  for (const Vec2& e : list) sum += e.x;
  return sum;
}

}  // namespace model

// Ordinary code, rewritten with --tagging by the tests: values, structs,
// arrays, containers, globals and the heap.
#pragma once
#include <string>
#include <vector>

namespace model {

double poly(double x);                    // 3x^2 + 2x + 1
double through_helpers(double x, int n);  // locals, calls, conversions, compound assignment
double no_rule(double x);                 // std::cbrt: a primitive without a rule
double relu(double x);                    // branches on a tagged comparison
bool positive(double x);
double choose(bool b, double x, double y);

struct Vec2 {
  double x, y;
};
struct Particle {
  Vec2 pos, vel;
  double mass;
  Particle(double px, double py, double m);
  Vec2 position() const { return pos; }  // returns a member
};

double field_round_trip(double a);             // Particle(a, ...).pos.x read back
double aggregate_round_trip(double a, double b);
double nested_overwrite(double a, double b);   // p.vel.y = a; then p.vel.y = 2 (untagged)
double copy_struct(double a);                  // Vec2 w = v;
double by_value_struct(double a);              // a Vec2 given by value: a named one, a temporary, a list
double assign_struct(double a);                // w = v; of a whole struct
double array_sum(double a);                    // double buf[4]
double global_scaled(double a);                // through a global and a static
double heap_particle(double a);                // new Particle
double vector_elements(double a, int n);       // v[i] = ...; then reads
double vector_push_back(double a, int n);      // push_back with reallocation
double scratch_vector(double a, int n, const double** buffer);  // a vector freed on return
double mixed_precision(float a);               // float metadata stored into a double
// Containers built from braced lists: each element takes the metadata of
// the list element it came from.
double braced_vector(double a, double b);                 // std::vector<double> v{a, b, 1}
double braced_list_deque(double a, double b, double c);   // std::list{a, b}, std::deque<float> = {c}
double braced_temporary(double a, double b, double c);    // std::vector<double>{a * b, c}
double braced_argument_member(double a, double b, double c);  // f({a, c}) and a member v{a, b}
int braced_ints(int k, int j);                            // std::vector<int>{k, 2, j}
double dependent_assignment(double x);                    // acc = doubled(acc) in a template deduced from a tagged x
Vec2 scaled(const Vec2& v, double k);          // returns a named local
Vec2 make_vec(double x, double y);             // returns Vec2{...}
Vec2 make_vec_bare(double x, double y);        // returns {...}
Vec2 through(double x);                        // returns make_vec(...)
Vec2 pick(bool first, const Vec2& a, const Vec2& b);  // returns a conditional
double returned_structs(double a);             // each of the above received by a declaration or an assignment
double range_for(const std::vector<double>& xs, const std::vector<Vec2>& vs);  // loop variables by value
double library_pointer(double x);  // (*fp)(x) and a std::function of a library function: primitives
double outside_call(double x);     // a function of a library outside --root, called by name
double through_pointer(double x);  // (*fp)(x) and a std::function of a function under --root
int overloaded(double x);          // pick(int) vs pick(double) with tagged and plain arguments
double energy(const std::vector<Particle>& ps);
double convoluted(double a, double b);         // fields, containers, globals and a functor

struct Node {
  double value;
  Node* next;
};
double self_referential(double a);             // a node whose next is itself, written and read through it
double ring_sum(double a, int n);              // a heap ring of n nodes, walked twice

extern double g_scale;

// Stack reuse: a loop whose body declares an array, a struct and a number
// whose address escapes, at the same addresses in both iterations. The first
// stores x in each; the second fills them through a primitive (memcpy) with
// plain 5s, the numbers the tests tag, and returns the sum of what it loads.
struct Cell {
  double v, w;
};
double stack_reuse(double x);
extern bool g_stack_reused;  // whether the second iteration's array was the first's
Cell make_cell(double x);                // returns a local: the caller adopts its metadata
double cell_sum(double x);               // make_cell's fields, loaded by the caller

}  // namespace model

namespace model {
struct Shape {
  virtual ~Shape() = default;
  virtual double area(double scale) const = 0;
};
struct Square : Shape {
  double side;
  explicit Square(double s) : side(s) {}
  double area(double scale) const override;
};
double scaled_area(const Shape& s, double k);  // a virtual call: metadata does not cross it yet
double explicit_template(double x);            // twice<double>(x): runs the primitive
double generic_limits(double x);               // std::numeric_limits<T> in a template deduced from a tagged value
}  // namespace model

// Metadata of whole objects (cassette::object_metadatatype): a Vec2 tagged as
// a whole, then copied the ways twins copy objects; `observe` is where a
// context's hook reads each copy's metadata.
namespace model {
double observe(const Vec2& v);          // v.x + v.y
double whole_objects(const Vec2& v);  // observes copies of v, and a Vec2 of its own
double pushed_structs(double a);      // Vec2{a, 1} pushed 5 times into a growing vector: sum of x
}  // namespace model

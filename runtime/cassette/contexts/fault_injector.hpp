// FaultInjector: makes the Nth call of a chosen callee fail, by returning a
// given value (null, an integer, a bool, an enumerator's value) or throwing a
// given exception instead of running the call. The rules come from the
// environment, CASSETTE_FAULT="fopen#2=return:null; parse#1=throw:runtime_error:bad",
// or from a file named by CASSETTE_FAULT_FILE (docs/fault_injection.md).
//
// Calls are counted per callee, as the rule names it, per process: each
// callee identity type asks once (a function-local static) whether a rule
// names it, so a callee no rule names costs a test of that cached pointer
// and the call path's bookkeeping (a thread-local push and pop) per call.
// Builtin operators are never asked.
//
// The hook is the second form of `execute` (it takes the cassette::Call):
// the first form, returning MaybeOverdub<R>, would need the callee's result
// type R, which an identity (`fn<"fopen">`) does not carry; the Call knows
// it, as the type of what `call.recurse(ctx)` returns. So the value a
// rule gives is converted to that type or, when the type cannot take it
// (`return:null` for an int, any value for a class type or a reference), the
// program stops with a message naming the rule, the callee and the type
// (exit status 125). A rule without an action only counts; with
// CASSETTE_FAULT_COUNT=FILE the counts are written at exit (the sweep,
// scripts/fault-sweep.py, learns from them how many calls to fail).
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../cassette.hpp"
#include "fmt.hpp"  // first: fmt header-only unless the unit has it already
#include "output_path.hpp"

namespace cassette {

namespace detail::fault {

/// Prints "cassette::FaultInjector: WHAT" and ends the process with status
/// 125: a rule that cannot be read or cannot apply to the call it names.
[[noreturn]] inline void die(std::string_view what) {
  std::string line = fmt::format("cassette::FaultInjector: {}\n", what);
  std::fflush(stdout);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
  std::_Exit(125);
}

/// The value of `return:VALUE`.
struct Value {
  enum Kind { none, null, boolean, negative, non_negative, floating } kind = none;
  bool b = false;
  long long negative_value = 0;
  unsigned long long non_negative_value = 0;
  double floating_value = 0;
  std::string text;  // as written
};

enum class Action { count, return_value, throw_exception };
enum class Exception { runtime_error, logic_error, invalid_argument, out_of_range, length_error, bad_alloc };

struct ExceptionName {
  std::string_view name;
  Exception kind;
};
inline constexpr ExceptionName exception_names[] = {
    {"runtime_error", Exception::runtime_error},       {"logic_error", Exception::logic_error},
    {"invalid_argument", Exception::invalid_argument}, {"out_of_range", Exception::out_of_range},
    {"length_error", Exception::length_error},         {"bad_alloc", Exception::bad_alloc}};

struct ErrnoName {
  std::string_view name;
  int value;
};
inline constexpr ErrnoName errno_names[] = {
    {"EPERM", EPERM},   {"ENOENT", ENOENT}, {"EINTR", EINTR},   {"EIO", EIO},       {"EBADF", EBADF},
    {"EAGAIN", EAGAIN}, {"ENOMEM", ENOMEM}, {"EACCES", EACCES}, {"EEXIST", EEXIST}, {"EISDIR", EISDIR},
    {"EINVAL", EINVAL}, {"EMFILE", EMFILE}, {"ENOSPC", ENOSPC}, {"EROFS", EROFS},   {"EPIPE", EPIPE}};

/// One rule: `CALLEE[#WHICH][=ACTION]`.
struct Rule {
  std::string text;    // as written, for messages
  std::string callee;  // as written: `fopen` also matches `std::fopen`
  std::uint64_t first = 1;
  std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
  Action action = Action::count;
  Value value;  // return
  int error_number = 0;  // return ...,errno:E (0: errno is left alone)
  Exception exception = Exception::runtime_error;
  std::string message;  // throw
};

inline std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_number(std::string_view s, T& out, int base = 10) {
  if (s.empty()) return false;
  auto [end, ec] = [&] {
    if constexpr (std::is_floating_point_v<T>) return std::from_chars(s.data(), s.data() + s.size(), out);
    else return std::from_chars(s.data(), s.data() + s.size(), out, base);
  }();
  return ec == std::errc() && end == s.data() + s.size();
}

/// Reads the rules' language (docs/fault_injection.md); `where` names the
/// source in messages. A rule that cannot be read stops the program.
class Parser {
 public:
  explicit Parser(std::string where) : where_(std::move(where)) {}

  void rules(std::string_view text, std::vector<Rule>& out) {
    while (!text.empty()) {
      std::size_t end = text.find_first_of(";\n");
      std::string_view item = trimmed(text.substr(0, end));
      text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
      if (item.empty() || item.front() == '#') continue;  // a blank line or a comment
      out.push_back(rule(item));
    }
  }

 private:
  std::string where_;
  std::string_view item_;

  [[noreturn]] void fail(std::string_view why) const { die(fmt::format("{}: rule `{}`: {}", where_, item_, why)); }

  Rule rule(std::string_view item) {
    item_ = item;
    Rule r;
    r.text = std::string(item);
    // The action starts at the `=` before `return` or `throw` (a callee's
    // name may hold `=`: `operator=`, `operator==`).
    std::size_t act = std::string_view::npos;
    for (std::size_t eq = item.find('='); eq != std::string_view::npos && act == std::string_view::npos;
         eq = item.find('=', eq + 1)) {
      std::string_view rest = trimmed(item.substr(eq + 1));
      if (rest.substr(0, 6) == "return" || rest.substr(0, 5) == "throw") act = eq;
    }
    std::string_view lhs = trimmed(item.substr(0, act));
    if (act == std::string_view::npos && item.find('=') != std::string_view::npos && item.find("operator") == item.npos)
      fail("the action is `return`, `return:VALUE` or `throw:EXCEPTION[:MESSAGE]`");
    if (std::size_t hash = lhs.rfind('#'); hash != std::string_view::npos) {
      which(trimmed(lhs.substr(hash + 1)), r);
      lhs = trimmed(lhs.substr(0, hash));
    }
    if (lhs.empty()) fail("no callee named");
    r.callee = std::string(lhs);
    if (act != std::string_view::npos) action(trimmed(item.substr(act + 1)), r);
    return r;
  }

  // `#N`, `#N-M`, `#N+` or `#*`.
  void which(std::string_view w, Rule& r) {
    if (w == "*") return;
    std::size_t dash = w.find('-');
    bool from = !w.empty() && w.back() == '+';
    std::string_view n = from ? w.substr(0, w.size() - 1) : w.substr(0, dash);
    if (!parse_number(n, r.first) || r.first == 0)
      fail("which calls: `#N` (the Nth, from 1), `#N-M`, `#N+` (from the Nth on) or `#*`");
    if (from) return;
    if (dash == std::string_view::npos) r.last = r.first;
    else if (!parse_number(w.substr(dash + 1), r.last) || r.last < r.first) fail("`#N-M` needs N <= M");
  }

  void action(std::string_view a, Rule& r) {
    if (a == "return") {
      r.action = Action::return_value;  // no value: for a void callee
    } else if (a.substr(0, 7) == "return:") {
      r.action = Action::return_value;
      std::string_view v = a.substr(7);
      if (std::size_t comma = v.find(",errno:"); comma != std::string_view::npos) {
        error_number(trimmed(v.substr(comma + 7)), r);
        v = v.substr(0, comma);
      }
      value(trimmed(v), r.value);
    } else if (a.substr(0, 6) == "throw:") {
      r.action = Action::throw_exception;
      std::string_view e = trimmed(a.substr(6));
      if (e.substr(0, 5) == "std::") e.remove_prefix(5);  // throw:std::bad_alloc
      std::size_t colon = e.find(':');
      std::string_view name = trimmed(e.substr(0, colon));
      bool known = false;
      for (const ExceptionName& x : exception_names)
        if (x.name == name) r.exception = x.kind, known = true;
      if (!known)
        fail(
            "the exception is runtime_error, logic_error, invalid_argument, out_of_range, length_error or "
            "bad_alloc");
      if (colon != std::string_view::npos) r.message = std::string(e.substr(colon + 1));
      else r.message = "injected fault: " + r.callee;
      if (r.exception == Exception::bad_alloc && colon != std::string_view::npos)
        fail("std::bad_alloc takes no message");
    } else {
      fail("the action is `return`, `return:VALUE` or `throw:EXCEPTION[:MESSAGE]`");
    }
  }

  void value(std::string_view v, Value& out) {
    out.text = std::string(v);
    if (v == "null" || v == "nullptr" || v == "NULL") out.kind = Value::null;
    else if (v == "true" || v == "false") out.kind = Value::boolean, out.b = v == "true";
    else if (!v.empty() && v.front() == '-' && parse_number(v, out.negative_value)) out.kind = Value::negative;
    else if (v.substr(0, 2) == "0x" && parse_number(v.substr(2), out.non_negative_value, 16))
      out.kind = Value::non_negative;
    else if (!v.empty() && v.front() == '-' && v.substr(1, 2) == "0x" &&
             parse_number(v.substr(3), out.non_negative_value, 16) &&
             out.non_negative_value <= static_cast<unsigned long long>(std::numeric_limits<long long>::max()))
      out.kind = Value::negative, out.negative_value = -static_cast<long long>(out.non_negative_value);
    else if (parse_number(v, out.non_negative_value)) out.kind = Value::non_negative;
    else if (parse_number(v, out.floating_value)) out.kind = Value::floating;
    else fail("the value is null, true, false, an integer (decimal or 0x) or a floating-point number");
  }

  void error_number(std::string_view e, Rule& r) {
    for (const ErrnoName& x : errno_names)
      if (x.name == e) r.error_number = x.value;
    if (r.error_number == 0 && (!parse_number(e, r.error_number) || r.error_number <= 0))
      fail("errno:E takes a positive number or ENOENT, EACCES, ENOMEM, EIO, ENOSPC, ... (docs/fault_injection.md)");
  }
};

/// The calls of one callee as the rules name it, and its rules.
struct Site {
  std::string callee;
  std::atomic<std::uint64_t> calls{0};
  std::vector<const Rule*> rules;
  std::vector<std::string> seen_as;  // the callee names that matched it (`std::fopen`)
};

struct State {
  std::vector<Rule> rules;
  std::vector<std::unique_ptr<Site>> sites;
  bool quiet = false;
  std::mutex lock;  // find() runs from the first call of each callee, on any thread

  /// The site that counts calls of a callee named `name`: the rules' callee
  /// spelt the same, or without a leading `std::` (`fopen` for `std::fopen`).
  Site* find(std::string_view name) {
    std::lock_guard<std::mutex> held(lock);
    Site* found = nullptr;
    for (auto& s : sites)
      if (s->callee == name) found = s.get();
    if (!found && name.substr(0, 5) == "std::")
      for (auto& s : sites)
        if (s->callee == name.substr(5)) found = s.get();
    if (found) found->seen_as.emplace_back(name);
    return found;
  }
};

inline std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) die(fmt::format("CASSETTE_FAULT_FILE: cannot read {}", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline State* load() {
  auto* s = new State();  // never destroyed: static destructors may still call
  if (const char* file = std::getenv("CASSETTE_FAULT_FILE"); file && *file)
    Parser(fmt::format("CASSETTE_FAULT_FILE ({})", file)).rules(read_file(file), s->rules);
  if (const char* env = std::getenv("CASSETTE_FAULT"); env && *env) Parser("CASSETTE_FAULT").rules(env, s->rules);
  const char* quiet = std::getenv("CASSETTE_FAULT_QUIET");
  s->quiet = quiet && *quiet && std::string_view(quiet) != "0";
  for (const Rule& r : s->rules) {
    Site* site = nullptr;
    for (auto& existing : s->sites)
      if (existing->callee == r.callee) site = existing.get();
    if (!site) site = s->sites.emplace_back(std::make_unique<Site>()).get(), site->callee = r.callee;
    site->rules.push_back(&r);
  }
  return s;
}

inline State& state() {
  static State* const s = load();
  return *s;
}

/// The site a callee identity's calls count on (null: no rule names it),
/// looked up once per identity type.
template <class F>
Site* site_for() {
  static Site* const site = state().find(F::name());
  return site;
}

/// The callees being called on this thread, outermost first (the path of
/// a failed call in its note); deeper calls are counted but not kept.
inline constexpr unsigned max_path = 64;
inline thread_local std::string_view path[max_path];
inline thread_local unsigned depth = 0;
struct on_path {
  explicit on_path(std::string_view name) noexcept {
    if (depth < max_path) path[depth] = name;
    ++depth;
  }
  ~on_path() { --depth; }
  on_path(const on_path&) = delete;
  on_path& operator=(const on_path&) = delete;
};
inline std::string path_text() {
  if (depth == 0) return "(entry)";
  std::string out;
  for (unsigned i = 0; i < depth && i < max_path; ++i) {
    if (i) out += " > ";
    out += path[i];
  }
  if (depth > max_path) out += fmt::format(" > ... ({} more)", depth - max_path);
  return out;
}

/// A type's name as the compiler spells it.
template <class T>
std::string_view type_name() {
  std::string_view f = __PRETTY_FUNCTION__;
  std::size_t start = f.find("T = ");
  if (start == std::string_view::npos) return "?";
  start += 4;
  std::size_t end = f.find(';', start);
  if (end == std::string_view::npos) end = f.rfind(']');
  return f.substr(start, end - start);
}

template <class T>
std::string_view result_description() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_reference_v<T>) return "a reference";
  else if constexpr (std::is_class_v<U> || std::is_union_v<U>) return "a class";
  else if constexpr (std::is_pointer_v<U>) return "a pointer";
  else if constexpr (std::is_same_v<U, bool>) return "bool";
  else if constexpr (std::is_enum_v<U>) return "an enumeration";
  else if constexpr (std::is_integral_v<U>) return "an integer";
  else if constexpr (std::is_floating_point_v<U>) return "a floating-point number";
  else return "this type";
}

/// "T (what it is)", e.g. "int & (a reference)".
template <class T>
std::string result_type() {
  std::string_view what = result_description<T>();
  if (what == type_name<T>()) return std::string(what);
  return fmt::format("{} ({})", type_name<T>(), what);
}

/// Whether an integer type I can hold the value.
template <class I>
bool fits(const Value& v) {
  if constexpr (sizeof(I) > sizeof(long long)) return true;
  else if (v.kind == Value::negative)
    return std::is_signed_v<I> && v.negative_value >= static_cast<long long>(std::numeric_limits<I>::min());
  else return v.non_negative_value <= static_cast<unsigned long long>(std::numeric_limits<I>::max());
}

/// The rule's value as a T, if T can take it: null for a pointer (or 0), an
/// integer that fits for an integral or enumeration type, true/false (or
/// 0/1) for bool, any number for a floating-point type.
template <class T>
std::optional<T> converted(const Value& v) {
  using U = std::remove_cv_t<T>;
  const bool integer = v.kind == Value::negative || v.kind == Value::non_negative;
  if constexpr (std::is_pointer_v<U> || std::is_member_pointer_v<U> || std::is_null_pointer_v<U>) {
    if (v.kind == Value::null || (v.kind == Value::non_negative && v.non_negative_value == 0)) return U(nullptr);
  } else if constexpr (std::is_same_v<U, bool>) {
    if (v.kind == Value::boolean) return v.b;
    if (v.kind == Value::non_negative && v.non_negative_value <= 1) return v.non_negative_value == 1;
  } else if constexpr (std::is_enum_v<U>) {
    using I = std::underlying_type_t<U>;
    if (integer && fits<I>(v))
      return static_cast<U>(v.kind == Value::negative ? static_cast<I>(v.negative_value)
                                                      : static_cast<I>(v.non_negative_value));
  } else if constexpr (std::is_integral_v<U>) {
    if (integer && fits<U>(v))
      return v.kind == Value::negative ? static_cast<U>(v.negative_value) : static_cast<U>(v.non_negative_value);
  } else if constexpr (std::is_floating_point_v<U>) {
    if (v.kind == Value::floating) return static_cast<U>(v.floating_value);
    if (v.kind == Value::negative) return static_cast<U>(v.negative_value);
    if (v.kind == Value::non_negative) return static_cast<U>(v.non_negative_value);
  }
  return std::nullopt;
}

inline std::string_view exception_name(Exception e) {
  for (const ExceptionName& x : exception_names)
    if (x.kind == e) return x.name;
  return "?";
}

[[noreturn]] inline void throw_for(const Rule& r) {
  switch (r.exception) {
    case Exception::runtime_error: throw std::runtime_error(r.message);
    case Exception::logic_error: throw std::logic_error(r.message);
    case Exception::invalid_argument: throw std::invalid_argument(r.message);
    case Exception::out_of_range: throw std::out_of_range(r.message);
    case Exception::length_error: throw std::length_error(r.message);
    case Exception::bad_alloc: throw std::bad_alloc();
  }
  std::abort();
}

/// The note on stderr for each failed call:
///   cassette::FaultInjector: call 2 of std::fopen returns null (rule fopen#2=return:null) in load > f
inline void note(const Rule& r, std::string_view callee, std::uint64_t n, std::string_view what) {
  if (state().quiet) return;
  std::string line =
      fmt::format("cassette::FaultInjector: call {} of {} {} (rule {}) in {}\n", n, callee, what, r.text, path_text());
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

/// Makes call n of the callee fail by the rule: R is the call's result type.
template <class R>
[[gnu::noinline, gnu::cold]] R fail(const Rule& r, std::string_view callee, std::uint64_t n) {
  if (r.action == Action::throw_exception) {
    note(r, callee, n,
         r.exception == Exception::bad_alloc
             ? std::string("throws std::bad_alloc")
             : fmt::format("throws std::{}(\"{}\")", exception_name(r.exception), r.message));
    throw_for(r);
  }
  if constexpr (std::is_void_v<R>) {
    if (r.value.kind != Value::none)
      die(fmt::format("rule `{}`: {} returns void: write `return` without a value", r.text, callee));
    note(r, callee, n, "is skipped");
    if (r.error_number) errno = r.error_number;
  } else {
    if (r.value.kind == Value::none)
      die(fmt::format("rule `{}`: {} returns {}: `return` needs a value (`return:VALUE`)", r.text, callee,
                      type_name<R>()));
    if constexpr (std::is_reference_v<R> || std::is_class_v<std::remove_cv_t<R>> ||
                  std::is_union_v<std::remove_cv_t<R>>) {
      die(fmt::format("rule `{}`: {} returns {}, which cannot take a value: use throw", r.text, callee,
                      result_type<R>()));
    } else {
      std::optional<std::remove_cv_t<R>> v = converted<R>(r.value);
      if (!v)
        die(fmt::format("rule `{}`: {} returns {}, which cannot take `{}`", r.text, callee, result_type<R>(),
                        r.value.text));
      note(r, callee, n, fmt::format("returns {}", r.value.text));
      if (r.error_number) errno = r.error_number;
      return std::move(*v);
    }
  }
}

/// The rule that makes call n of the site fail, if any.
inline const Rule* rule_for(const Site& s, std::uint64_t n) {
  for (const Rule* r : s.rules)
    if (r->action != Action::count && n >= r->first && n <= r->last) return r;
  return nullptr;
}

}  // namespace detail::fault

/// The context. Stateless: the rules and counts are the process's.
struct FaultInjector : Context<FaultInjector> {
  static constexpr hook hook_kinds = hook::execute;
  struct Count {
    std::string callee;  // as the rules name it
    std::uint64_t calls;
  };
  /// The calls so far of each callee the rules name, in the rules' order.
  static std::vector<Count> counts() {
    std::vector<Count> out;
    for (auto& s : detail::fault::state().sites) out.push_back({s->callee, s->calls.load(std::memory_order_relaxed)});
    return out;
  }
  /// The calls so far of a callee as the rules name it (0 if none names it).
  static std::uint64_t calls(std::string_view callee) {
    for (auto& s : detail::fault::state().sites)
      if (s->callee == callee) return s->calls.load(std::memory_order_relaxed);
    return 0;
  }
  /// The counts as JSON: {"counts": {"fopen": 3, ...}, "seen_as": {"fopen": ["std::fopen"], ...}}.
  static std::string counts_json() {
    fmt::memory_buffer b;
    auto out = std::back_inserter(b);
    fmt::format_to(out, "{{\"counts\": {{");
    const auto& sites = detail::fault::state().sites;
    for (std::size_t i = 0; i < sites.size(); ++i)
      fmt::format_to(out, "{}{}: {}", i ? ", " : "", detail::json_quoted(sites[i]->callee),
                     sites[i]->calls.load(std::memory_order_relaxed));
    fmt::format_to(out, "}}, \"seen_as\": {{");
    for (std::size_t i = 0; i < sites.size(); ++i) {
      fmt::format_to(out, "{}{}: [", i ? ", " : "", detail::json_quoted(sites[i]->callee));
      for (std::size_t j = 0; j < sites[i]->seen_as.size(); ++j)
        fmt::format_to(out, "{}{}", j ? ", " : "", detail::json_quoted(sites[i]->seen_as[j]));
      fmt::format_to(out, "]");
    }
    fmt::format_to(out, "}}}}\n");
    return fmt::to_string(b);
  }
};

namespace detail::fault {
template <class T, class = void>
inline constexpr bool complete = false;
template <class T>
inline constexpr bool complete<T, std::void_t<decltype(sizeof(T))>> = true;
/// The call's result type: what continuing it returns. The runtime may ask
/// whether the hook fits a call with a stand-in for the call's state, a
/// class it never completes; the result type is then not needed.
template <class C, class CallType, class S, bool = complete<S>>
struct call_result {
  using type = void;
};
template <class C, class CallType, class S>
struct call_result<C, CallType, S, true> {
  using type = decltype(std::declval<CallType&>().recurse(std::declval<C&>()));
};
}  // namespace detail::fault

/// Every call but a builtin operator's: counted if a rule names its callee,
/// failed if a rule says so for this call, otherwise continued as written
/// (its twin, or the primitive).
template <class C, class F, class S, class... A>
  requires(std::derived_from<C, FaultInjector> && !requires { typename F::is_operation; })
CASSETTE_INLINE auto execute(C& ctx, Call<F, S>& call, A&...) ->
    typename detail::fault::call_result<C, Call<F, S>, S>::type {
  using R = typename detail::fault::call_result<C, Call<F, S>, S>::type;
  if (detail::fault::Site* site = detail::fault::site_for<F>()) [[unlikely]] {
    std::uint64_t n = site->calls.fetch_add(1, std::memory_order_relaxed) + 1;
    if (const detail::fault::Rule* rule = detail::fault::rule_for(*site, n))
      return detail::fault::fail<R>(*rule, F::name(), n);
  }
  detail::fault::on_path here(F::name());
  return call.recurse(ctx);
}

/// Whole-program mode: the rules are read when the context is made (a rule
/// that cannot be read stops the program before it starts).
template <class C>
  requires std::derived_from<C, FaultInjector>
void whole_program_start(C&) {
  detail::fault::state();
}

/// At exit: with CASSETTE_FAULT_COUNT=FILE (`%p`: the process id), the calls
/// of each callee the rules name, as JSON; a note for each rule that never
/// made a call fail.
template <class C>
  requires std::derived_from<C, FaultInjector>
void whole_program_finish(C&) {
  detail::fault::State& s = detail::fault::state();
  std::string path = detail::output_path("CASSETTE_FAULT_COUNT", "");
  if (!path.empty() && !detail::write_atomically(path, FaultInjector::counts_json()))
    std::fputs(fmt::format("cassette::FaultInjector: could not write {}\n", path).c_str(), stderr);
  if (s.quiet) return;
  for (const auto& site : s.sites)
    for (const detail::fault::Rule* r : site->rules)
      if (r->action != detail::fault::Action::count && site->calls.load() < r->first)
        std::fputs(fmt::format("cassette::FaultInjector: rule {} made no call fail: {} was called {} time{}\n", r->text,
                               site->callee, site->calls.load(), site->calls.load() == 1 ? "" : "s")
                       .c_str(),
                   stderr);
}

}  // namespace cassette
#pragma GCC visibility pop

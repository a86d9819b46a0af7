// CallCounter: counts every intercepted call per callee. A count is one
// increment of a counter that belongs to the callee's identity type, so
// counting costs an add per call and no lookup. Counters are process-wide
// and not atomic: count single-threaded programs, or accept races.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "../cassette.hpp"
#include "fmt.hpp"
#include "output_path.hpp"

namespace cassette {

namespace detail {
struct counter_entry {
  std::string_view name;
  const std::uint64_t* count;
  const source_location* declared;  // of the callee last called (no file: an operator, or never called)
};
// Never destroyed: the table is written at exit, by a handler that a static
// initialiser entering the tree may have registered before this vector was
// made, so that it would run after the vector's destructor (glog's tests
// crashed there).
inline std::vector<counter_entry>& counter_registry() {
  static auto* entries = new std::vector<counter_entry>;
  return *entries;
}
template <class F>
struct call_count {
  static inline std::uint64_t value = 0;
  static inline source_location declared{};
  // Registered once, before main, for every callee identity the program can count.
  static inline const bool registered = (counter_registry().push_back({F::name(), &value, &declared}), true);
};
// A named callee's identity carries its declaration's place; an indirect
// call's carries the call's (not kept: the row is every such call).
template <class F>
inline constexpr bool declared_callee = false;
template <name_literal N>
inline constexpr bool declared_callee<fn<N>> = true;
/// `name (file:line)`, or the name where no declaration is known.
inline std::string callee_with_place(std::string_view name, const source_location& at) {
  if (!at.file || !*at.file) return std::string(name);
  return fmt::format("{} ({}:{})", name, at.file, at.line);
}
}  // namespace detail

struct CallCounter : Context<CallCounter> {
  // Only a prehook: no other kind is looked up at a call site (hooks.hpp).
  static constexpr hook hook_kinds = hook::prehook;

  struct Row {
    std::string name;
    std::uint64_t count;
    source_location declared;  // where the callee is declared; no file for an operator
  };

  /// Every callee with a non-zero count, most called first (ties by name).
  /// Callees sharing a name (e.g. `+` on different types) are summed.
  /// Overloads share a name and a row: its place is the declaration of the
  /// overload called last.
  static std::vector<Row> rows() {
    std::vector<Row> out;
    for (const detail::counter_entry& e : detail::counter_registry()) {
      if (*e.count == 0) continue;
      auto it = std::find_if(out.begin(), out.end(), [&](const Row& r) { return r.name == e.name; });
      if (it == out.end()) out.push_back({std::string(e.name), *e.count, *e.declared});
      else it->count += *e.count;
    }
    std::sort(out.begin(), out.end(),
              [](const Row& a, const Row& b) { return a.count != b.count ? a.count > b.count : a.name < b.name; });
    return out;
  }
  static std::uint64_t total() {
    std::uint64_t t = 0;
    for (const detail::counter_entry& e : detail::counter_registry()) t += *e.count;
    return t;
  }
  static std::uint64_t count(std::string_view name) {
    std::uint64_t t = 0;
    for (const detail::counter_entry& e : detail::counter_registry())
      if (e.name == name) t += *e.count;
    return t;
  }
  static void reset() {
    for (const detail::counter_entry& e : detail::counter_registry()) {
      *const_cast<std::uint64_t*>(e.count) = 0;
      *const_cast<source_location*>(e.declared) = {};
    }
  }

  /// The table (calls, callee with where it is declared; most called first)
  /// and the JSON (`{"total": N, "callees": M, "counts": {"name": n, ...},
  /// "declared": {"name": "file:line", ...}}`, operators having no place) as
  /// text.
  static std::string table_text() {
    std::vector<Row> all = rows();
    fmt::memory_buffer b;
    fmt::format_to(std::back_inserter(b), "{:>14}  callee\n", "calls");
    for (const Row& r : all)
      fmt::format_to(std::back_inserter(b), "{:>14}  {}\n", r.count, detail::callee_with_place(r.name, r.declared));
    fmt::format_to(std::back_inserter(b), "{:>14}  total ({} callees)\n", total(), all.size());
    return fmt::to_string(b);
  }
  static std::string json_text() {
    std::vector<Row> all = rows();
    fmt::memory_buffer b;
    auto out = std::back_inserter(b);
    fmt::format_to(out, "{{\"total\": {}, \"callees\": {}, \"counts\": {{", total(), all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
      fmt::format_to(out, "{}{}: {}", i ? ", " : "", detail::json_quoted(all[i].name), all[i].count);
    fmt::format_to(out, "}}, \"declared\": {{");
    bool first = true;
    for (const Row& r : all) {
      if (!r.declared.file || !*r.declared.file) continue;
      fmt::format_to(out, "{}{}: {}", first ? "" : ", ", detail::json_quoted(r.name),
                     detail::json_quoted(fmt::format("{}:{}", r.declared.file, r.declared.line)));
      first = false;
    }
    fmt::format_to(out, "}}}}\n");
    return fmt::to_string(b);
  }
  static void write_table(std::FILE* out) {
    std::string text = table_text();
    std::fwrite(text.data(), 1, text.size(), out);
  }
  static void write_json(std::FILE* out) {
    std::string text = json_text();
    std::fwrite(text.data(), 1, text.size(), out);
  }
  /// Writes the table and the JSON to files (either path may be empty), each
  /// through a temporary file and a rename: a reader never sees half of one,
  /// and a run that dies before it leaves the last run's file as it was.
  static bool write_files(const std::string& table_path, const std::string& json_path) {
    bool ok = true;
    if (!table_path.empty()) ok = detail::write_atomically(table_path, table_text()) && ok;
    if (!json_path.empty()) ok = detail::write_atomically(json_path, json_text()) && ok;
    return ok;
  }
};

/// Whole-program mode: at exit, the table goes to $CASSETTE_COUNTS_TABLE (or
/// stderr) and the JSON to $CASSETTE_COUNTS_JSON (or cassette-counts.json);
/// `%p` in either becomes the process id (output_path.hpp).
inline void whole_program_finish(CallCounter&) {
  std::string table = detail::output_path("CASSETTE_COUNTS_TABLE", "");
  if (!table.empty()) CallCounter::write_files(table, "");
  else CallCounter::write_table(stderr);
  CallCounter::write_files("", detail::output_path("CASSETTE_COUNTS_JSON", "cassette-counts.json"));
}

template <class F, class... A>
CASSETTE_INLINE void prehook(CallCounter&, const F& f, const A&...) {
  (void)detail::call_count<F>::registered;
  ++detail::call_count<F>::value;
  // Stored on every call, not tested: a branch here keeps the counters out
  // of registers and loops from vectorising; a store of the same constants
  // in a loop moves out of it.
  if constexpr (detail::declared_callee<F>) detail::call_count<F>::declared = f.location();
}

}  // namespace cassette
#pragma GCC visibility pop

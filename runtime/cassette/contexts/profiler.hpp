// Profiler: per callee and per call path, how many calls and how much time,
// inclusive and exclusive (inclusive minus the inclusive time of the calls it
// made). At exit (whole-program mode) or on request it writes a Chrome
// trace-event JSON file, folded stacks, a callgrind profile and a Graphviz
// call graph (docs/profiler.md).
//
// Function calls are profiled; builtin operators (`cassette::op::*`) only by
// a context whose `operators` is true (`cassette::OperatorProfiler`), since
// timing every `+` costs more than the `+`. Each thread has its own stack
// and call tree (a thread_local slot finds it); the trees are merged when the
// outputs are written.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../cassette.hpp"
#include "fmt.hpp"  // first: fmt header-only unless the unit has it already
#include "output_path.hpp"

namespace cassette {

namespace detail::profile {

inline constexpr std::uint32_t none = 0xffffffffu;

/// The clocks: nanoseconds. `ticks` advances by 1000 ns at each reading, per
/// thread, so a call's inclusive time is (2k + 1) us where k is the number of
/// calls made beneath it: a reproducible profile (tests, diffs).
inline std::uint64_t steady_ns() noexcept {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}
inline std::uint64_t tick_ns() noexcept {
  thread_local std::uint64_t now = 0;
  return now += 1000;
}

/// The processor's time-stamp counter: a third of steady_clock's cost per
/// reading here (under KVM, whose clock source makes clock_gettime slow),
/// and the profiler reads a clock twice per call. Its ticks become
/// nanoseconds when the outputs are written (tsc_calibration). Only where
/// the counter is invariant (CPUID 0x80000007 EDX bit 8: one rate whatever
/// the core's frequency or sleep state, the same on every core).
#if defined(__x86_64__) || defined(__i386__)
inline std::uint64_t tsc_ticks() noexcept { return __rdtsc(); }
inline bool invariant_tsc() noexcept {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid(0x80000007u, &a, &b, &c, &d) && (d & (1u << 8)) != 0;
}
#else
inline std::uint64_t tsc_ticks() noexcept { return steady_ns(); }
inline bool invariant_tsc() noexcept { return false; }
#endif

/// Nanoseconds per tick of tsc_ticks, measured against steady_clock from
/// the calibration's making (both clocks read then) to now, at least 10 ms
/// apart (a short program waits that long once, when its outputs are
/// written).
struct tsc_calibration {
  std::uint64_t ticks0 = tsc_ticks(), ns0 = steady_ns();
  double ns_per_tick() const noexcept {
    std::uint64_t ns = steady_ns(), ticks = tsc_ticks();
    while (ns - ns0 < 10000000) ns = steady_ns(), ticks = tsc_ticks();
    return ticks > ticks0 ? static_cast<double>(ns - ns0) / static_cast<double>(ticks - ticks0) : 1.0;
  }
};

// Callees by name, process-wide: callees sharing a name (`+` on int and on
// double, a function's overloads) are one row, as in CallCounter. Never
// destroyed: the outputs are written at exit, possibly after static
// destructors that ran before it.
struct callee_info {
  std::string name;
  std::string file;  // of the first overload seen; empty for builtin operators
  unsigned line;
};
struct callee_table {
  std::mutex mu;
  std::vector<callee_info> rows;
  std::unordered_map<std::string, std::uint32_t> ids;
};
inline callee_table& callees() {
  static callee_table* const table = new callee_table;
  return *table;
}
inline std::uint32_t intern(std::string_view name, const char* file, unsigned line) {
  callee_table& t = callees();
  std::lock_guard<std::mutex> lock(t.mu);
  auto [it, added] = t.ids.try_emplace(std::string(name), static_cast<std::uint32_t>(t.rows.size()));
  if (added) t.rows.push_back({std::string(name), file ? file : "", line});
  return it->second;
}
/// One lookup per callee identity, then a static.
template <class F>
CASSETTE_INLINE std::uint32_t callee_id(const F& f) {
  static const std::uint32_t id = [&] {
    source_location loc = cassette::location(f);
    return intern(cassette::name(f), loc.file, loc.line);
  }();
  return id;
}

// A thread's call tree: one node per call path (a callee under a parent
// node), created at the path's first call.
struct node {
  std::uint32_t callee;
  std::uint32_t parent;
  std::uint32_t first_child = none;
  std::uint32_t next_sibling = none;
  std::uint64_t calls = 0;
  std::uint64_t incl = 0;  // ns
};
struct frame {
  std::uint32_t node;
  std::uint64_t start;
};

struct thread_profile {
  std::vector<node> nodes{node{none, none}};  // nodes[0]: the thread's root
  std::vector<frame> stack;
  std::uint32_t current = 0;
  std::uint32_t index = 0;  // 0: the thread that made the profiler; then by first call
  std::thread::id thread;
  bool timed_root = false;  // whole-program mode: the root (main) runs from start to finish
  std::uint64_t start = 0;
  std::uint64_t finish = 0;

  // The child of `parent` for `callee`; a found child moves to the front of
  // its siblings, so a loop's calls are found at once.
  std::uint32_t child(std::uint32_t parent, std::uint32_t callee) {
    std::uint32_t prev = none;
    for (std::uint32_t c = nodes[parent].first_child; c != none; prev = c, c = nodes[c].next_sibling) {
      if (nodes[c].callee != callee) continue;
      if (prev != none) {
        nodes[prev].next_sibling = nodes[c].next_sibling;
        nodes[c].next_sibling = nodes[parent].first_child;
        nodes[parent].first_child = c;
      }
      return c;
    }
    auto made = static_cast<std::uint32_t>(nodes.size());
    nodes.push_back(node{callee, parent, none, nodes[parent].first_child});
    nodes[parent].first_child = made;
    return made;
  }
  CASSETTE_INLINE void enter(std::uint32_t callee, std::uint64_t (*clock)() noexcept) {
    std::uint32_t n = child(current, callee);
    current = n;
    stack.push_back(frame{n, clock()});
  }
  void close_top(std::uint64_t now) {
    frame f = stack.back();
    stack.pop_back();
    node& n = nodes[f.node];
    ++n.calls;
    n.incl += now > f.start ? now - f.start : 0;
    current = stack.empty() ? 0 : stack.back().node;
  }
  // A call returned. After an exception, calls it unwound got no posthook:
  // their frames are above this call's and are closed now.
  CASSETTE_INLINE void leave(std::uint32_t callee, std::uint64_t now) {
    if (!stack.empty() && nodes[stack.back().node].callee == callee) return close_top(now);
    resync(callee, now);
  }
  void resync(std::uint32_t callee, std::uint64_t now) {
    std::size_t i = stack.size();
    while (i > 0 && nodes[stack[i - 1].node].callee != callee) --i;
    if (i == 0) return;  // a call that entered before the profiler did
    while (stack.size() >= i) close_top(now);
  }
  void close_all(std::uint64_t now) {
    while (!stack.empty()) close_top(now);
  }
};

// Which profiler's thread_profile this thread last used (a profiler has a
// process-unique serial, so a new profiler at an old one's address is not
// mistaken for it).
struct thread_slot {
  std::uint64_t owner = 0;
  thread_profile* profile = nullptr;
};
inline thread_local thread_slot slot;
inline std::atomic<std::uint64_t> serials{0};

/// One node of the merged (all threads) or one thread's tree, with names.
struct report_node {
  std::uint32_t callee;  // into report::names
  std::uint32_t parent;
  std::vector<std::uint32_t> children;  // in order of first call
  std::uint64_t calls = 0;
  std::uint64_t incl = 0;
  std::uint64_t excl = 0;
};
struct report_tree {
  std::uint32_t tid = 0;
  std::vector<report_node> nodes;  // nodes[0]: the root
};

// Nanoseconds as microseconds with three decimals, exactly.
inline void append_us(fmt::memory_buffer& out, std::uint64_t ns) {
  fmt::format_to(std::back_inserter(out), "{}.{:03}", ns / 1000, ns % 1000);
}
// 1234 ns, 12.345 us, 1.234 ms, 2.000 s: for people (the dot graph).
inline std::string human_ns(std::uint64_t ns) {
  if (ns < 1000) return fmt::format("{} ns", ns);
  if (ns < 1000000) return fmt::format("{}.{:03} us", ns / 1000, ns % 1000);
  if (ns < 1000000000) return fmt::format("{}.{:03} ms", ns / 1000000, ns / 1000 % 1000);
  return fmt::format("{}.{:03} s", ns / 1000000000, ns / 1000000 % 1000);
}
inline std::string dot_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}
// Frames of a folded stack are separated by ';' and end at the last space.
inline std::string folded_frame(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), ';', ',');
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

// The program's command line (Linux's /proc), arguments separated by spaces.
inline std::string command_line() {
  std::string cmd;
  if (std::FILE* f = std::fopen("/proc/self/cmdline", "rb")) {
    char buf[4096];
    std::size_t n = std::fread(buf, 1, sizeof buf, f);
    std::fclose(f);
    cmd.assign(buf, n);
    while (!cmd.empty() && cmd.back() == '\0') cmd.pop_back();
    std::replace(cmd.begin(), cmd.end(), '\0', ' ');
    std::replace(cmd.begin(), cmd.end(), '\n', ' ');
  }
  return cmd;
}

}  // namespace detail::profile

/// The state and the outputs of a profiler; the context types are
/// `BasicProfiler<Operators>` below (or a class deriving from one).
class ProfilerBase {
 public:
  using clock_function = std::uint64_t (*)() noexcept;

  /// The clock: the processor's invariant time-stamp counter where there is
  /// one (tsc_clock, its ticks made nanoseconds in the outputs), else
  /// std::chrono::steady_clock; CASSETTE_PROFILE_CLOCK=steady asks for the
  /// latter, =ticks for a deterministic one (tick_clock). Tests may set
  /// their own, in nanoseconds.
  clock_function clock = &detail::profile::steady_ns;
  static constexpr clock_function steady_clock = &detail::profile::steady_ns;
  static constexpr clock_function tick_clock = &detail::profile::tick_ns;
  static constexpr clock_function tsc_clock = &detail::profile::tsc_ticks;
  /// The name of the root of the paths of the thread that made the profiler
  /// ("main" in whole-program mode); other threads' paths start at "(thread)".
  std::string root_name = "(root)";

  ProfilerBase() : serial_(++detail::profile::serials) {
    const char* clock_name = std::getenv("CASSETTE_PROFILE_CLOCK");
    std::string_view asked = clock_name ? clock_name : "";
    if (asked == "ticks") clock = tick_clock;
    else if (asked != "steady" && detail::profile::invariant_tsc()) clock = tsc_clock;
    here();  // the creating thread is thread 0
  }
  ProfilerBase(const ProfilerBase&) = delete;
  ProfilerBase& operator=(const ProfilerBase&) = delete;

  /// This thread's call tree.
  CASSETTE_INLINE detail::profile::thread_profile& here() {
    detail::profile::thread_slot& s = detail::profile::slot;
    if (s.owner == serial_) [[likely]]
      return *s.profile;
    return attach();
  }

  /// What the hooks run. Out of line: every call site instantiates the
  /// hooks, and with these bodies inlined at each one (the tree's vectors,
  /// the thread's slot) the rewritten build took half as long again (tinyxml2:
  /// 37 s, now 25 s); the counting bench shows no run-time cost
  /// (bench/results/2026-11-26-profiler-hooks.md).
  [[gnu::noinline]] void enter_call(std::uint32_t callee) { here().enter(callee, clock); }
  [[gnu::noinline]] void leave_call(std::uint32_t callee) {
    std::uint64_t now = clock();
    here().leave(callee, now);
  }

  /// Whole-program mode: main starts now (its own time is then measured).
  void start_main() {
    root_name = "main";
    detail::profile::thread_profile& t = here();
    t.timed_root = true;
    t.start = clock();
  }
  /// Whole-program mode, at exit: the calls still open on this thread (a
  /// call of std::exit and its callers) end now.
  void finish_main() {
    std::uint64_t now = clock();
    detail::profile::thread_profile& t = here();
    t.close_all(now);
    t.finish = now;
  }

  /// Forgets every call so far. Only while no call is in progress (between
  /// two runs of a benchmark).
  void reset() {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& t : threads_) {
      t->nodes.assign(1, detail::profile::node{detail::profile::none, detail::profile::none});
      t->stack.clear();
      t->current = 0;
    }
  }
  /// The calls profiled so far, all threads (a call still in progress not
  /// yet). Cheaper than callees(): no merge.
  std::uint64_t calls() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::uint64_t n = 0;
    for (const auto& t : threads_)
      for (const detail::profile::node& x : t->nodes) n += x.calls;
    return n;
  }

  struct Row {
    std::string name;  // a callee, or a call path "main;f;g"
    std::uint64_t calls;
    std::uint64_t incl_ns;  // a callee's: not counting recursive calls twice
    std::uint64_t excl_ns;
    std::string declared;  // a callee's `file:line`; empty for an operator, a root or a call path
  };
  /// Every callee (and root) with its calls and times, by name.
  std::vector<Row> callees() const { return callee_rows(merged()); }
  /// Every call path, all threads merged, sorted.
  std::vector<Row> paths() const {
    std::vector<Row> out;
    report r = merged();
    for_each_path(r.trees[0], r.names, [&](std::uint32_t n, const std::string& path) {
      const detail::profile::report_node& x = r.trees[0].nodes[n];
      out.push_back({path, x.calls, x.incl, x.excl, {}});
    });
    std::sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.name < b.name; });
    return out;
  }
  /// All threads' roots' inclusive time: the total of every output.
  std::uint64_t total_ns() const { return total(merged()); }

  /// The outputs, as text (docs/profiler.md says what each holds).
  std::string chrome_trace(std::size_t max_events = 100000) const { return chrome_trace(merged(), max_events); }
  std::string folded() const { return folded(merged()); }
  std::string callgrind() const { return callgrind(merged()); }
  std::string dot() const { return dot(merged()); }

  /// Writes each output whose path is not empty; false if one could not be
  /// written.
  bool write_files(const std::string& trace, const std::string& folded_path, const std::string& callgrind_path,
                   const std::string& dot_path, std::size_t max_events = 100000) const {
    report r = merged();
    bool ok = true;
    auto to = [&](const std::string& path, auto make) {
      if (!path.empty() && path != "none") ok = detail::write_atomically(path, make()) && ok;
    };
    to(trace, [&] { return chrome_trace(r, max_events); });
    to(folded_path, [&] { return folded(r); });
    to(callgrind_path, [&] { return callgrind(r); });
    to(dot_path, [&] { return dot(r); });
    return ok;
  }

  /// Whole-program mode's outputs, to the files named by the environment
  /// (docs/profiler.md), and a line on stderr saying where they went.
  void write_env_files() const {
    using detail::output_path;
    std::string paths[] = {output_path("CASSETTE_PROFILE_TRACE", "cassette-profile.json"),
                           output_path("CASSETTE_PROFILE_FOLDED", "cassette-profile.folded"),
                           output_path("CASSETTE_PROFILE_CALLGRIND", "callgrind.out.cassette"),
                           output_path("CASSETTE_PROFILE_DOT", "cassette-profile.dot")};
    std::size_t max_events = 100000;
    if (const char* m = std::getenv("CASSETTE_PROFILE_MAX_EVENTS"); m && *m)
      max_events = static_cast<std::size_t>(std::strtoull(m, nullptr, 10));
    report r = merged();
    fmt::memory_buffer note;
    auto out = std::back_inserter(note);
    std::uint64_t calls = 0;
    std::size_t callees = 0;
    for (const Row& row : callee_rows(r))
      if (row.name != r.names[r.main_root] && row.name != "(thread)") calls += row.calls, ++callees;
    fmt::format_to(out, "cassette::Profiler: {} calls of {} callees in {} thread{}, {} in all;", calls, callees,
                   r.trees.size() - 1, r.trees.size() == 2 ? "" : "s", detail::profile::human_ns(total(r)));
    bool wrote = false;
    auto to = [&](const std::string& path, auto make) {
      if (path == "none") return;
      if (detail::write_atomically(path, make())) {
        fmt::format_to(out, "{} {}", wrote ? "," : " wrote", path);
        wrote = true;
      } else {
        fmt::format_to(out, " (could not write {})", path);
      }
    };
    to(paths[0], [&] { return chrome_trace(r, max_events); });
    to(paths[1], [&] { return folded(r); });
    to(paths[2], [&] { return callgrind(r); });
    to(paths[3], [&] { return dot(r); });
    note.push_back('\n');
    std::fwrite(note.data(), 1, note.size(), stderr);
  }

 private:
  using node = detail::profile::report_node;
  using tree = detail::profile::report_tree;
  // trees[0] merges all threads under one unnamed root whose children are
  // the threads' roots ("main" and "(thread)"); trees[1...] are the threads.
  struct report {
    std::vector<std::string> names;
    std::vector<std::string> files;
    std::vector<unsigned> lines;
    std::vector<tree> trees;
    std::uint32_t main_root = 0;  // the name of the first thread's root
  };

  // This thread's tree: found (the slot held another profiler's), or made. A
  // thread that reuses the id of one that ended continues its tree (the same
  // "(thread)" root; one thread in the Chrome trace).
  detail::profile::thread_profile& attach() {
    std::lock_guard<std::mutex> lock(mu_);
    std::thread::id self = std::this_thread::get_id();
    for (auto& t : threads_) {
      if (t->thread != self) continue;
      detail::profile::slot = {serial_, t.get()};
      return *t;
    }
    auto t = std::make_unique<detail::profile::thread_profile>();
    t->thread = self;
    t->index = static_cast<std::uint32_t>(threads_.size());
    detail::profile::thread_profile* p = t.get();
    threads_.push_back(std::move(t));
    detail::profile::slot = {serial_, p};
    return *p;
  }

  static void compute_excl(tree& t) {
    for (node& n : t.nodes) {
      std::uint64_t children = 0;
      for (std::uint32_t c : n.children) children += t.nodes[c].incl;
      n.excl = n.incl > children ? n.incl - children : 0;
    }
  }
  // Adds `from`'s subtree under `to` (merging paths by callee).
  static void merge_into(tree& dst, std::uint32_t to, const tree& src, std::uint32_t from) {
    for (std::uint32_t c : src.nodes[from].children) {
      const node& s = src.nodes[c];
      std::uint32_t d = none_child(dst, to, s.callee);
      dst.nodes[d].calls += s.calls;
      dst.nodes[d].incl += s.incl;
      merge_into(dst, d, src, c);
    }
  }
  static std::uint32_t none_child(tree& t, std::uint32_t parent, std::uint32_t callee) {
    for (std::uint32_t c : t.nodes[parent].children)
      if (t.nodes[c].callee == callee) return c;
    auto made = static_cast<std::uint32_t>(t.nodes.size());
    t.nodes.push_back(node{callee, parent, {}});
    t.nodes[parent].children.push_back(made);
    return made;
  }

  // A snapshot of every thread's tree, with names, and their merge.
  report merged() const {
    report r;
    std::vector<std::uint32_t> name_of;  // callee table id -> names index
    {
      detail::profile::callee_table& ct = detail::profile::callees();
      std::lock_guard<std::mutex> lock(ct.mu);
      for (const detail::profile::callee_info& c : ct.rows) {
        r.names.push_back(c.name);
        r.files.push_back(c.file);
        r.lines.push_back(c.line);
      }
    }
    auto root_label = [&](std::string_view label) {
      for (std::size_t i = 0; i < r.names.size(); ++i)
        if (r.names[i] == label && r.files[i].empty() && r.lines[i] == 0) return static_cast<std::uint32_t>(i);
      r.names.emplace_back(label);
      r.files.emplace_back();
      r.lines.push_back(0);
      return static_cast<std::uint32_t>(r.names.size() - 1);
    };
    r.main_root = root_label(root_name);
    std::uint32_t thread_root = root_label("(thread)");
    r.trees.push_back(tree{0, {node{detail::profile::none, detail::profile::none, {}}}});
    // The clock's readings in nanoseconds.
    double scale = clock == tsc_clock ? calibration_.ns_per_tick() : 1.0;
    auto ns = [scale](std::uint64_t t) { return scale == 1.0 ? t : static_cast<std::uint64_t>(t * scale + 0.5); };
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& t : threads_) {
      tree tt{t->index + 1, {}};
      tt.nodes.reserve(t->nodes.size());
      for (const detail::profile::node& n : t->nodes)
        tt.nodes.push_back(node{n.callee, n.parent, {}, n.calls, ns(n.incl)});
      // Children in the order of their first call (creation order).
      for (std::uint32_t i = 1; i < tt.nodes.size(); ++i) tt.nodes[tt.nodes[i].parent].children.push_back(i);
      node& root = tt.nodes[0];
      root.callee = t->index == 0 ? r.main_root : thread_root;
      root.calls = 1;
      std::uint64_t children = 0;
      for (std::uint32_t c : root.children) children += tt.nodes[c].incl;
      root.incl = t->timed_root && t->finish > t->start ? std::max(ns(t->finish - t->start), children) : children;
      if (t->index != 0 && root.children.empty()) continue;  // a thread that made no call
      if (t->index == 0 && root.children.empty() && !t->timed_root) continue;
      compute_excl(tt);
      tree& all = r.trees[0];
      std::uint32_t m = none_child(all, 0, root.callee);
      all.nodes[m].calls += 1;
      all.nodes[m].incl += root.incl;
      merge_into(all, m, tt, 0);
      r.trees.push_back(std::move(tt));
    }
    compute_excl(r.trees[0]);
    return r;
  }

  static std::uint64_t total(const report& r) {
    std::uint64_t t = 0;
    for (std::uint32_t c : r.trees[0].nodes[0].children) t += r.trees[0].nodes[c].incl;
    return t;
  }

  // Calls visit(node, "a;b;c") for every node but the unnamed root, depth first.
  template <class Visit>
  static void for_each_path(const tree& t, const std::vector<std::string>& names, Visit&& visit) {
    std::string path;
    auto walk = [&](auto& self, std::uint32_t n) -> void {
      std::size_t keep = path.size();
      if (n != 0) {
        if (t.nodes[t.nodes[n].parent].callee != detail::profile::none) path += ';';
        path += detail::profile::folded_frame(names[t.nodes[n].callee]);
        visit(n, path);
      }
      for (std::uint32_t c : t.nodes[n].children) self(self, c);
      path.resize(keep);
    };
    walk(walk, 0);
  }

  /// Where callee c is declared, `file:line`; empty where no place is known.
  static std::string where(const report& r, std::size_t c) {
    return r.files[c].empty() ? std::string() : fmt::format("{}:{}", r.files[c], r.lines[c]);
  }
  static std::vector<Row> callee_rows(const report& r) {
    const tree& t = r.trees[0];
    std::vector<Row> rows(r.names.size());
    std::vector<bool> seen(r.names.size(), false);
    std::vector<std::uint32_t> on_path(r.names.size(), 0);  // recursion: inclusive counted once
    auto walk = [&](auto& self, std::uint32_t n) -> void {
      const node& x = t.nodes[n];
      if (n != 0) {
        Row& row = rows[x.callee];
        seen[x.callee] = true;
        row.calls += x.calls;
        row.excl_ns += x.excl;
        if (on_path[x.callee]++ == 0) row.incl_ns += x.incl;
      }
      for (std::uint32_t c : x.children) self(self, c);
      if (n != 0) --on_path[x.callee];
    };
    walk(walk, 0);
    std::vector<Row> out;
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (seen[i]) out.push_back({r.names[i], rows[i].calls, rows[i].incl_ns, rows[i].excl_ns, where(r, i)});
    std::sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.name < b.name; });
    return out;
  }

  // Chrome trace events, one complete event ("X") per call path and thread:
  // a path's calls are aggregated into one event whose duration is their
  // inclusive time, laid out as a flame chart (children one after another
  // from their parent's start, in the order of their first call). At most
  // max_events of them: the paths with the most time first, each only after
  // its parent.
  std::string chrome_trace(const report& r, std::size_t max_events) const {
    fmt::memory_buffer b;
    auto out = std::back_inserter(b);
    long long pid = static_cast<long long>(::getpid());
    struct placed {
      std::size_t tree;
      std::uint32_t node;
      std::uint64_t ts;
    };
    // Start of each node: its parent's start plus its elder siblings' time.
    std::vector<std::vector<std::uint64_t>> ts(r.trees.size());
    for (std::size_t i = 1; i < r.trees.size(); ++i) {
      const tree& t = r.trees[i];
      ts[i].assign(t.nodes.size(), 0);
      for (std::uint32_t n = 0; n < t.nodes.size(); ++n) {
        std::uint64_t at = ts[i][n];
        for (std::uint32_t c : t.nodes[n].children) {
          ts[i][c] = at;
          at += t.nodes[c].incl;
        }
      }
    }
    auto heavier = [&](const placed& a, const placed& b) {
      std::uint64_t ia = r.trees[a.tree].nodes[a.node].incl, ib = r.trees[b.tree].nodes[b.node].incl;
      if (ia != ib) return ia < ib;
      return std::tie(a.tree, a.node) > std::tie(b.tree, b.node);
    };
    std::priority_queue<placed, std::vector<placed>, decltype(heavier)> frontier(heavier);
    std::size_t paths = 0;
    for (std::size_t i = 1; i < r.trees.size(); ++i) {
      frontier.push({i, 0, 0});
      paths += r.trees[i].nodes.size();
    }
    std::vector<placed> chosen;
    while (!frontier.empty() && chosen.size() < max_events) {
      placed p = frontier.top();
      frontier.pop();
      chosen.push_back(p);
      for (std::uint32_t c : r.trees[p.tree].nodes[p.node].children) frontier.push({p.tree, c, ts[p.tree][c]});
    }
    std::sort(chosen.begin(), chosen.end(),
              [](const placed& a, const placed& b) { return std::tie(a.tree, a.node) < std::tie(b.tree, b.node); });

    fmt::format_to(out, "{{\"traceEvents\": [\n");
    fmt::format_to(out, "{{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": {}, \"tid\": 0, ", pid);
    fmt::format_to(out, "\"args\": {{\"name\": \"cassette::Profiler\"}}}}");
    for (std::size_t i = 1; i < r.trees.size(); ++i) {
      fmt::format_to(
          out, ",\n{{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": {}, \"tid\": {}, \"args\": {{\"name\": ", pid,
          r.trees[i].tid);
      std::string thread = fmt::format("thread {} ({})", r.trees[i].tid, r.names[r.trees[i].nodes[0].callee]);
      b.append(detail::json_quoted(thread));
      b.append(std::string_view("}}"));
    }
    for (const placed& p : chosen) {
      const node& n = r.trees[p.tree].nodes[p.node];
      b.append(std::string_view(",\n{\"name\": "));
      b.append(detail::json_quoted(r.names[n.callee]));
      fmt::format_to(out, ", \"cat\": \"{}\", \"ph\": \"X\", \"ts\": ", p.node == 0 ? "thread" : "call path");
      detail::profile::append_us(b, p.ts);
      b.append(std::string_view(", \"dur\": "));
      detail::profile::append_us(b, n.incl);
      fmt::format_to(out, ", \"pid\": {}, \"tid\": {}, \"args\": {{\"calls\": {}, \"self_ns\": {}", pid,
                     r.trees[p.tree].tid, n.calls, n.excl);
      if (std::string at = where(r, n.callee); !at.empty()) {
        b.append(std::string_view(", \"where\": "));
        b.append(detail::json_quoted(at));
      }
      b.append(std::string_view("}}"));
    }
    fmt::format_to(out, "\n], \"displayTimeUnit\": \"ns\", \"otherData\": {{\"profiler\": \"cassette::Profiler\", ");
    fmt::format_to(out, "\"aggregated\": \"one event per call path and thread\", \"total_ns\": {}, ", total(r));
    fmt::format_to(out, "\"call_paths\": {}, \"events\": {}, \"dropped_call_paths\": {}}}}}\n", paths, chosen.size(),
                   paths - chosen.size());
    return fmt::to_string(b);
  }

  // Folded stacks: "main;f;g 1234", one line per call path with its
  // exclusive time in nanoseconds (paths of no exclusive time are left out),
  // all threads merged, sorted.
  std::string folded(const report& r) const {
    std::vector<std::string> lines;
    const tree& t = r.trees[0];
    for_each_path(t, r.names, [&](std::uint32_t n, const std::string& path) {
      if (t.nodes[n].excl) lines.push_back(fmt::format("{} {}", path, t.nodes[n].excl));
    });
    std::sort(lines.begin(), lines.end());
    fmt::memory_buffer b;
    for (const std::string& l : lines) fmt::format_to(std::back_inserter(b), "{}\n", l);
    return fmt::to_string(b);
  }

  // Callgrind: one function per callee (its exclusive time at its
  // declaration's line), and under it each callee it called with the number
  // of calls and their inclusive time. Event: nanoseconds. The self costs
  // add up to the total.
  std::string callgrind(const report& r) const {
    const tree& t = r.trees[0];
    struct edge {
      std::uint64_t calls = 0, incl = 0;
    };
    std::map<std::string, std::uint32_t> fns;  // sorted by name
    std::vector<std::uint64_t> self(r.names.size(), 0);
    std::vector<std::map<std::string, std::pair<std::uint32_t, edge>>> calls(r.names.size());
    for (std::uint32_t n = 1; n < t.nodes.size(); ++n) {
      const node& x = t.nodes[n];
      fns.emplace(r.names[x.callee], x.callee);
      self[x.callee] += x.excl;
      if (x.parent != 0) {
        auto& e = calls[t.nodes[x.parent].callee][r.names[x.callee]];
        e.first = x.callee;
        e.second.calls += x.calls;
        e.second.incl += x.incl;
      }
    }
    auto file = [&](std::uint32_t c) { return r.files[c].empty() ? std::string("???") : r.files[c]; };
    fmt::memory_buffer b;
    auto out = std::back_inserter(b);
    fmt::format_to(out, "# callgrind format\nversion: 1\ncreator: cassette::Profiler\n");
    fmt::format_to(out, "pid: {}\n", static_cast<long long>(::getpid()));
    if (std::string cmd = detail::profile::command_line(); !cmd.empty()) fmt::format_to(out, "cmd: {}\n", cmd);
    fmt::format_to(out, "positions: line\nevents: ns\n");
    fmt::format_to(out, "totals: {}\n", total(r));
    for (const auto& [name, c] : fns) {
      fmt::format_to(out, "\nfl={}\nfn={}\n{} {}\n", file(c), name, r.lines[c], self[c]);
      for (const auto& [callee_name, e] : calls[c]) {
        fmt::format_to(out, "cfl={}\ncfn={}\ncalls={} {}\n{} {}\n", file(e.first), callee_name, e.second.calls,
                       r.lines[e.first], r.lines[c], e.second.incl);
      }
    }
    return fmt::to_string(b);
  }

  // Graphviz: a node per callee (calls, inclusive and exclusive time), an
  // edge per caller and callee with the number of calls.
  std::string dot(const report& r) const {
    const tree& t = r.trees[0];
    std::vector<Row> rows = callee_rows(r);
    std::map<std::string, std::size_t> id;
    for (std::size_t i = 0; i < rows.size(); ++i) id[rows[i].name] = i;
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> edges;
    for (std::uint32_t n = 1; n < t.nodes.size(); ++n) {
      const node& x = t.nodes[n];
      if (x.parent != 0) edges[{id[r.names[t.nodes[x.parent].callee]], id[r.names[x.callee]]}] += x.calls;
    }
    std::uint64_t all = total(r);
    fmt::memory_buffer b;
    auto out = std::back_inserter(b);
    fmt::format_to(out, "digraph cassette_profile {{\n  node [shape=box, fontname=\"monospace\"];\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Row& row = rows[i];
      std::string place = row.declared.empty() ? "" : "\\n" + detail::profile::dot_escaped(row.declared);
      fmt::format_to(out, "  n{} [label=\"{}{}\\ncalls {}\\nincl {}\\nexcl {}\"", i,
                     detail::profile::dot_escaped(row.name), place, row.calls, detail::profile::human_ns(row.incl_ns),
                     detail::profile::human_ns(row.excl_ns));
      // The heavier a callee's own time, the darker: 5% steps of the total.
      unsigned shade = all ? static_cast<unsigned>(row.excl_ns * 20 / all) : 0;
      if (shade) fmt::format_to(out, ", style=filled, fillcolor=\"0.0 {:.2f} 1.0\"", shade / 20.0);
      fmt::format_to(out, "];\n");
    }
    for (const auto& [e, calls] : edges)
      fmt::format_to(out, "  n{} -> n{} [label=\"{}\"];\n", e.first, e.second, calls);
    fmt::format_to(out, "}}\n");
    return fmt::to_string(b);
  }

  mutable std::mutex mu_;
  std::vector<std::unique_ptr<detail::profile::thread_profile>> threads_;
  std::uint64_t serial_;
  detail::profile::tsc_calibration calibration_;  // from the profiler's making
};

/// The profiler context. `Operators`: also profile builtin operators. A
/// class deriving from it may say `static constexpr bool operators = ...;`.
template <bool Operators = false>
struct BasicProfiler : ProfilerBase, Context<BasicProfiler<Operators>> {
  // A class deriving from it that writes hooks of other kinds adds them here.
  static constexpr hook hook_kinds = hook::prehook | hook::posthook;
  static constexpr bool operators = Operators;
};
using Profiler = BasicProfiler<false>;
using OperatorProfiler = BasicProfiler<true>;

namespace detail::profile {
// A callee identity (which a wild probe of the hook checks, rt/hooks.hpp, is
// not), and an operator only if P profiles operators.
template <class P, class F>
concept profiled = std::derived_from<P, ProfilerBase> && requires {
  { F::name() } -> std::convertible_to<std::string_view>;
} && (!requires { typename F::is_operation; } || P::operators);
}  // namespace detail::profile

template <class P, class F, class... A>
  requires detail::profile::profiled<P, F>
CASSETTE_INLINE void prehook(P& p, const F& f, const A&...) {
  p.enter_call(detail::profile::callee_id(f));
}

template <class R, class P, class F, class... A>
  requires detail::profile::profiled<P, F>
CASSETTE_INLINE void posthook(P& p, const R&, const F& f, const A&...) {
  p.leave_call(detail::profile::callee_id(f));
}

/// Whole-program mode: main's time starts when the program's context is
/// made; at exit the outputs go to the files named by CASSETTE_PROFILE_TRACE,
/// CASSETTE_PROFILE_FOLDED, CASSETTE_PROFILE_CALLGRIND and CASSETTE_PROFILE_DOT
/// (docs/profiler.md; `%p` becomes the process id, `none` writes nothing).
template <class P>
  requires std::derived_from<P, ProfilerBase>
void whole_program_start(P& p) {
  p.start_main();
}
template <class P>
  requires std::derived_from<P, ProfilerBase>
void whole_program_finish(P& p) {
  p.finish_main();
  p.write_env_files();
}

}  // namespace cassette
#pragma GCC visibility pop

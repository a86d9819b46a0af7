// cassette-trace: converts a trace cassette::BinaryTracer wrote
// (runtime/cassette/contexts/binary_trace_format.hpp) to the text Tracer
// prints or to Chrome trace-event JSON (Perfetto's UI, chrome://tracing,
// speedscope). docs/tracer.md.
//
//   cassette-trace text FILE [-o OUT] [--times]
//   cassette-trace chrome FILE [-o OUT]
#include <algorithm>
#include <cassette/contexts/binary_trace_format.hpp>
#include <cassette/contexts/fmt.hpp>
#include <cassette/contexts/output_path.hpp>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace f = cassette::trace_format;

struct Callee {
  std::string name, file;
  std::uint32_t line = 0;
};
struct Event {
  std::uint8_t kind;
  std::uint32_t callee;
  std::uint64_t ns;
  std::vector<std::string> values;  // shown as the text Tracer shows them
};
struct Trace {
  std::uint32_t pid = 0;
  std::map<std::uint32_t, Callee> callees;
  std::map<std::uint32_t, std::vector<Event>> threads;  // in each thread's order
  std::string truncated;                                // why reading stopped early, if it did
};

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "cassette-trace: error: %s\n", message.c_str());
  std::exit(1);
}

class Reader {
 public:
  Reader(const char* p, std::size_t n) : p_(p), end_(p + n) {}
  bool has(std::size_t n) const { return static_cast<std::size_t>(end_ - p_) >= n; }
  template <class T>
  T get() {
    T v;
    std::memcpy(&v, p_, sizeof v);
    p_ += sizeof v;
    return v;
  }
  std::string_view bytes(std::size_t n) {
    std::string_view s(p_, n);
    p_ += n;
    return s;
  }
  bool done() const { return p_ == end_; }

 private:
  const char* p_;
  const char* end_;
};

/// One value of a record, as text; false if the record ends inside it.
bool value(Reader& r, std::string& out) {
  if (!r.has(1)) return false;
  auto tag = r.get<std::uint8_t>();
  auto need = [&](std::size_t n) { return r.has(n); };
  switch (tag) {
    case f::tag_opaque: out = "_"; return true;
    case f::tag_void: out = "void"; return true;
    case f::tag_uncopyable: out = "(not copyable)"; return true;
    case f::tag_null: out = fmt::format("{}", static_cast<const void*>(nullptr)); return true;
    case f::tag_bool:
      if (!need(1)) return false;
      out = r.get<std::uint8_t>() ? "true" : "false";
      return true;
    case f::tag_char:
      if (!need(1)) return false;
      out = std::string("'") + static_cast<char>(r.get<std::uint8_t>()) + "'";
      return true;
    case f::tag_signed:
      if (!need(8)) return false;
      out = fmt::format("{}", r.get<std::int64_t>());
      return true;
    case f::tag_unsigned:
      if (!need(8)) return false;
      out = fmt::format("{}", r.get<std::uint64_t>());
      return true;
    case f::tag_double:
      if (!need(8)) return false;
      out = fmt::format("{:.17g}", r.get<double>());
      return true;
    case f::tag_pointer:
      if (!need(8)) return false;
      out = fmt::format("0x{:x}", r.get<std::uint64_t>());
      return true;
    case f::tag_string:
    case f::tag_string_cut: {
      if (!need(1)) return false;
      auto n = r.get<std::uint8_t>();
      if (!need(n)) return false;
      out = "\"" + std::string(r.bytes(n)) + (tag == f::tag_string_cut ? "...\"" : "\"");
      return true;
    }
    default: return false;
  }
}

/// The records of one chunk; false (and why) if one is malformed.
bool records(Trace& t, std::uint32_t thread, Reader r, std::string& why) {
  std::vector<Event>& events = t.threads[thread];
  while (!r.done()) {
    auto kind = r.get<std::uint8_t>();
    if (kind == f::kind_name) {
      if (!r.has(12)) return why = "a name record ends early", false;
      auto id = r.get<std::uint32_t>();
      auto line = r.get<std::uint32_t>();
      auto name_len = r.get<std::uint16_t>();
      auto file_len = r.get<std::uint16_t>();
      if (!r.has(std::size_t{name_len} + file_len)) return why = "a name record ends early", false;
      Callee c;
      c.name = std::string(r.bytes(name_len));
      c.file = std::string(r.bytes(file_len));
      c.line = line;
      t.callees[id] = std::move(c);
    } else if (kind == f::kind_enter || kind == f::kind_exit) {
      if (!r.has(12 + (kind == f::kind_enter))) return why = "an event record ends early", false;
      Event e{kind, r.get<std::uint32_t>(), r.get<std::uint64_t>(), {}};
      std::size_t count = kind == f::kind_enter ? r.get<std::uint8_t>() : 1;
      e.values.resize(count);
      for (std::string& v : e.values)
        if (!value(r, v)) return why = "a value is malformed or ends early", false;
      events.push_back(std::move(e));
    } else {
      return why = fmt::format("unknown record kind {}", kind), false;
    }
  }
  return true;
}

Trace read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path + ": cannot read it: " + std::strerror(errno));
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (data.size() < f::header_bytes || std::memcmp(data.data(), f::magic, sizeof f::magic) != 0)
    fail(path + ": not a trace cassette::BinaryTracer wrote (no CSTRACE1 header)");
  Reader r(data.data() + sizeof f::magic, data.size() - sizeof f::magic);
  Trace t;
  if (auto v = r.get<std::uint32_t>(); v != f::version)
    fail(fmt::format("{}: trace format version {}; this cassette-trace reads version {}", path, v, f::version));
  t.pid = r.get<std::uint32_t>();
  std::size_t offset = f::header_bytes;
  while (!r.done()) {
    if (!r.has(f::chunk_header_bytes)) {
      t.truncated = fmt::format("{}:{}: the trace ends inside a chunk header", path, offset);
      break;
    }
    auto magic = r.get<std::uint32_t>();
    auto thread = r.get<std::uint32_t>();
    auto bytes = r.get<std::uint32_t>();
    if (magic != f::chunk_magic) fail(fmt::format("{}:{}: not a chunk (the file is damaged)", path, offset));
    if (!r.has(bytes)) {
      t.truncated = fmt::format("{}:{}: the trace ends inside a chunk of {} bytes", path, offset, bytes);
      break;
    }
    std::string why;
    std::string_view chunk = r.bytes(bytes);
    if (!records(t, thread, Reader(chunk.data(), chunk.size()), why))
      fail(fmt::format("{}:{}: {} (the file is damaged)", path, offset, why));
    offset += f::chunk_header_bytes + bytes;
  }
  return t;
}

std::string callee_name(const Trace& t, std::uint32_t id) {
  auto it = t.callees.find(id);
  return it == t.callees.end() ? fmt::format("(callee {})", id) : it->second.name;
}

std::string joined(const std::vector<std::string>& values) {
  std::string s;
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + values[i];
  return s;
}

/// How a call ended, as nest() finds it.
enum class Ending { returned, unwound, unclosed, orphan };

/// Walks one thread's events, nesting them: an exit closes the innermost
/// open call of its callee, and first the calls opened above that one, which
/// an exception left (no posthook ran: `unwound`); calls still open at the
/// end had no exit recorded (`unclosed`); an exit whose entry is not in the
/// trace closes nothing (`orphan`). enter(e, depth) and
/// leave(callee, depth, at, result, ending) see each in order; `at` is the
/// event it ended at.
template <class Enter, class Leave>
void nest(const std::vector<Event>& events, Enter enter, Leave leave) {
  std::vector<std::uint32_t> open;
  auto close = [&](const Event& at, const std::string& result, Ending how) {
    std::uint32_t callee = open.back();
    open.pop_back();
    leave(callee, open.size(), at, result, how);
  };
  for (const Event& e : events) {
    if (e.kind == f::kind_enter) {
      enter(e, open.size());
      open.push_back(e.callee);
      continue;
    }
    std::size_t match = open.size();
    while (match > 0 && open[match - 1] != e.callee) --match;
    if (match == 0) {
      leave(e.callee, open.size(), e, e.values.front(), Ending::orphan);
      continue;
    }
    while (open.size() > match) close(e, "(unwound)", Ending::unwound);
    close(e, e.values.front(), Ending::returned);
  }
  while (!open.empty()) close(events.back(), "(no exit recorded)", Ending::unclosed);
}

/// Each thread's calls nested as the text Tracer prints them: a callee's
/// first call in the text says where it is (`  @ file:line`).
std::string text(const Trace& t, bool times) {
  std::string out;
  std::set<std::uint32_t> placed;
  auto called = [&](const Event& e) {
    std::string s = callee_name(t, e.callee) + "(" + joined(e.values) + ")";
    auto it = t.callees.find(e.callee);
    if (placed.insert(e.callee).second && it != t.callees.end() && !it->second.file.empty())
      s += fmt::format("  @ {}:{}", it->second.file, it->second.line);
    return s;
  };
  for (const auto& [thread, events] : t.threads) {
    if (t.threads.size() > 1) out += fmt::format("== thread {} ==\n", thread);
    auto line = [&](std::size_t depth, const std::string& text, const Event* timed) {
      out.append(2 * depth, ' ');
      out += text;
      if (times && timed) out += fmt::format("  [{} ns]", timed->ns - events.front().ns);
      out += '\n';
    };
    nest(
        events, [&](const Event& e, std::size_t depth) { line(depth, called(e), &e); },
        [&](std::uint32_t, std::size_t depth, const Event& at, const std::string& result, Ending how) {
          bool recorded = how == Ending::returned || how == Ending::orphan;
          line(depth, "=> " + result, recorded ? &at : nullptr);
        });
  }
  return out;
}

std::string chrome(const Trace& t) {
  using cassette::detail::json_quoted;
  std::uint64_t origin = UINT64_MAX;
  for (const auto& [thread, events] : t.threads)
    if (!events.empty()) origin = std::min(origin, events.front().ns);
  std::string out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  bool first = true;
  auto event = [&](std::string body) {
    out += (first ? "" : ",\n") + body;
    first = false;
  };
  auto at = [&](const Event& e) { return fmt::format("{:.3f}", static_cast<double>(e.ns - origin) / 1000.0); };
  for (const auto& [thread, events] : t.threads) {
    event(fmt::format(R"({{"name":"thread_name","ph":"M","pid":{},"tid":{},"args":{{"name":"thread {}"}}}})", t.pid,
                      thread, thread));
    nest(
        events,
        [&](const Event& e, std::size_t) {
          const auto it = t.callees.find(e.callee);
          std::string where =
              it == t.callees.end() || it->second.file.empty()
                  ? ""
                  : fmt::format(",\"where\":{}", json_quoted(fmt::format("{}:{}", it->second.file, it->second.line)));
          event(fmt::format(R"({{"name":{},"cat":"call","ph":"B","ts":{},"pid":{},"tid":{},"args":{{"args":{}{}}}}})",
                            json_quoted(callee_name(t, e.callee)), at(e), t.pid, thread,
                            json_quoted("(" + joined(e.values) + ")"), where));
        },
        [&](std::uint32_t callee, std::size_t, const Event& e, const std::string& result, Ending how) {
          if (how == Ending::orphan) return;  // no B to close
          event(fmt::format(R"({{"name":{},"ph":"E","ts":{},"pid":{},"tid":{},"args":{{"result":{}}}}})",
                            json_quoted(callee_name(t, callee)), at(e), t.pid, thread, json_quoted(result)));
        });
  }
  return out + "\n]}\n";
}

int usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: cassette-trace text FILE [-o OUT] [--times]\n"
               "       cassette-trace chrome FILE [-o OUT]\n"
               "Converts a trace written by cassette::BinaryTracer (docs/tracer.md): `text` prints it as\n"
               "cassette::Tracer does (--times adds each event's time since the thread's first, in ns),\n"
               "`chrome` as Chrome trace-event JSON. Without -o the output goes to standard output.\n");
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) return usage(0);
  if (argc < 3) return usage(2);
  std::string mode = argv[1], input = argv[2], output;
  bool times = false;
  for (int i = 3; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-o") && i + 1 < argc) output = argv[++i];
    else if (!std::strcmp(argv[i], "--times") && mode == "text") times = true;
    else fail(fmt::format("unknown argument '{}' (cassette-trace --help)", argv[i]));
  }
  if (mode != "text" && mode != "chrome") fail("unknown conversion '" + mode + "': text or chrome");
  Trace t = read(input);
  std::string converted = mode == "text" ? text(t, times) : chrome(t);
  if (!t.truncated.empty())
    std::fprintf(stderr,
                 "cassette-trace: warning: %s (the program ended before its trace was complete); "
                 "converted what came before\n",
                 t.truncated.c_str());
  if (output.empty()) {
    std::fwrite(converted.data(), 1, converted.size(), stdout);
  } else if (!cassette::detail::write_atomically(output, converted)) {
    fail(output + ": cannot write it");
  }
  return 0;
}

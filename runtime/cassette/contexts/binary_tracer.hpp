// BinaryTracer: the Tracer's events, fast. Every intercepted call and builtin
// operator is recorded on entry with its arguments and on exit with its
// result and a steady-clock time, per thread, as binary records in a
// thread's buffer, written to the trace file a chunk at a time (the format:
// binary_trace_format.hpp). `cassette-trace text FILE` prints it as the text
// Tracer does, `cassette-trace chrome FILE` as Chrome trace-event JSON
// (docs/tracer.md).
//
// One trace file per process at a time: the buffers are per thread and the
// file process-wide. A thread's records reach the file when its buffer is
// full, when it ends, and for the thread that ends the program at exit; a
// thread still running at exit loses what its buffer holds.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>

#include "../cassette.hpp"
#include "binary_trace_format.hpp"
#include "output_path.hpp"

namespace cassette {

namespace detail::btrace {

namespace f = trace_format;

/// The open trace file, process-wide. Never destroyed: threads and the
/// atexit handler may write after static destructors ran.
struct sink {
  std::mutex mu;
  std::FILE* file = nullptr;
  std::atomic<bool> open{false};
  std::atomic<std::uint32_t> next_thread{0};
  std::atomic<std::uint32_t> next_callee{0};
};
inline sink& the_sink() {
  static sink* const s = new sink;
  return *s;
}

// A thread's buffer: plain data, so that it can still be used (and flushed
// at exit) after the thread's objects with destructors are gone.
inline constexpr std::size_t capacity = std::size_t{1} << 18;
inline constexpr std::uint32_t no_thread = 0xffffffffu;
struct thread_buffer {
  char* data;
  std::size_t used;
  std::uint32_t thread;
};
inline thread_local constinit thread_buffer buffer{nullptr, 0, no_thread};

inline void write_chunk(thread_buffer& b) {
  if (b.used == 0) return;
  sink& s = the_sink();
  char head[f::chunk_header_bytes];
  std::uint32_t fields[3] = {f::chunk_magic, b.thread, static_cast<std::uint32_t>(b.used)};
  std::memcpy(head, fields, sizeof head);
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.file) {
    std::fwrite(head, 1, sizeof head, s.file);
    std::fwrite(b.data, 1, b.used, s.file);
  }
  b.used = 0;
}

/// Flushes a thread's buffer when the thread ends, and frees it.
struct thread_end {
  ~thread_end() {
    write_chunk(buffer);
    delete[] buffer.data;
    buffer.data = nullptr;
  }
};

/// Room for `bytes` more in this thread's buffer: the slow path allocates
/// it (its first use in the thread) or writes it out.
[[gnu::noinline]] inline void make_room(std::size_t bytes) {
  thread_buffer& b = buffer;
  if (!b.data) {
    b.data = new char[capacity];
    b.used = 0;
    if (b.thread == no_thread) {
      b.thread = the_sink().next_thread.fetch_add(1, std::memory_order_relaxed);
      // Constructed on first use in each thread: flushes when it ends.
      thread_local thread_end end;
      (void)end;
    }
  }
  if (b.used + bytes > capacity) write_chunk(b);
}
CASSETTE_INLINE char* reserve(std::size_t bytes) {
  thread_buffer& b = buffer;
  if (!b.data || b.used + bytes > capacity) [[unlikely]]
    make_room(bytes);
  return b.data + b.used;
}
CASSETTE_INLINE void commit(char* end) { buffer.used = static_cast<std::size_t>(end - buffer.data); }

template <class T>
CASSETTE_INLINE char* put(char* p, T v) {
  std::memcpy(p, &v, sizeof v);
  return p + sizeof v;
}

/// A callee's number, given at its first event (in any thread), which also
/// writes its name record.
inline std::uint32_t register_callee(std::string_view name, const char* file, unsigned line) {
  std::uint32_t id = the_sink().next_callee.fetch_add(1, std::memory_order_relaxed);
  std::string_view path = file ? file : "";
  if (name.size() > 0xffff) name = name.substr(0, 0xffff);
  if (path.size() > 0xffff) path = path.substr(0, 0xffff);
  char* p = reserve(1 + 4 + 4 + 2 + 2 + name.size() + path.size());
  p = put(p, f::kind_name);
  p = put(p, id);
  p = put(p, static_cast<std::uint32_t>(line));
  p = put(p, static_cast<std::uint16_t>(name.size()));
  p = put(p, static_cast<std::uint16_t>(path.size()));
  std::memcpy(p, name.data(), name.size());
  p += name.size();
  std::memcpy(p, path.data(), path.size());
  commit(p + path.size());
  return id;
}
template <class F>
CASSETTE_INLINE std::uint32_t callee_id(const F& fn) {
  static const std::uint32_t id = [&] {
    source_location loc = cassette::location(fn);
    return register_callee(cassette::name(fn), loc.file, loc.line);
  }();
  return id;
}

/// The most a value of type T takes in a record.
template <class T>
inline constexpr std::size_t value_bytes = 1 + 8;
template <class T>
  requires(std::is_convertible_v<const T&, std::string_view> && !std::is_null_pointer_v<T>)
inline constexpr std::size_t value_bytes<T> = 1 + 1 + f::max_string;

inline char* put_string(char* p, std::string_view s) {
  bool cut = s.size() > f::max_string;
  std::size_t n = cut ? f::max_string : s.size();
  p = put(p, cut ? f::tag_string_cut : f::tag_string);
  p = put(p, static_cast<std::uint8_t>(n));
  std::memcpy(p, s.data(), n);
  return p + n;
}

/// A value as the text Tracer's show_value sees it: numbers, characters,
/// strings (their first max_string bytes), pointers; anything else `_`.
template <class T>
CASSETTE_INLINE char* put_value(char* p, const T& v) {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    p = put(p, f::tag_bool);
    return put(p, static_cast<std::uint8_t>(v));
  } else if constexpr (std::is_same_v<U, char>) {
    p = put(p, f::tag_char);
    return put(p, static_cast<std::uint8_t>(v));
  } else if constexpr (std::is_integral_v<U>) {
    if constexpr (std::is_signed_v<U>) return put(put(p, f::tag_signed), static_cast<std::int64_t>(v));
    else return put(put(p, f::tag_unsigned), static_cast<std::uint64_t>(v));
  } else if constexpr (std::is_floating_point_v<U>) {
    return put(put(p, f::tag_double), static_cast<double>(v));
  } else if constexpr (std::is_enum_v<U>) {
    return put_value(p, static_cast<std::underlying_type_t<U>>(v));
  } else if constexpr (std::is_convertible_v<const U&, std::string_view> && !std::is_null_pointer_v<U>) {
    if constexpr (std::is_pointer_v<U>)
      if (v == nullptr) return put(p, f::tag_null);
    if constexpr (std::is_pointer_v<U>) return put_string(p, std::string_view(v, ::strnlen(v, f::max_string + 1)));
    else return put_string(p, std::string_view(v));
  } else if constexpr (std::is_null_pointer_v<U>) {
    return put(p, f::tag_null);
  } else if constexpr (std::is_pointer_v<U>) {
    // A C cast: function pointers and pointers to volatile too.
    return put(put(p, f::tag_pointer), static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>((const void*)v)));
  } else {
    return put(p, f::tag_opaque);
  }
}

CASSETTE_INLINE std::uint64_t now_ns() noexcept {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

}  // namespace detail::btrace

struct BinaryTracer : Context<BinaryTracer> {
  static constexpr hook hook_kinds = hook::prehook | hook::posthook;
  BinaryTracer() = default;
  /// Traces into `path` until close() (or destruction).
  explicit BinaryTracer(const std::string& path) { open(path); }
  BinaryTracer(const BinaryTracer&) = delete;
  BinaryTracer& operator=(const BinaryTracer&) = delete;
  ~BinaryTracer() { close(); }

  /// Starts the trace file: false (and nothing recorded) if it cannot be
  /// written. It is written to `<path>.tmp<pid>` and renamed onto `path` by
  /// close(): a run that dies leaves the previous trace as it was, and its
  /// own chunks under the temporary name (output_path.hpp).
  bool open(const std::string& path) {
    close();
    auto& s = detail::btrace::the_sink();
    if (!file_.open(path)) return false;
    std::FILE* file = file_.file;
    char head[trace_format::header_bytes];
    std::uint32_t fields[2] = {trace_format::version, static_cast<std::uint32_t>(::getpid())};
    std::memcpy(head, trace_format::magic, 8);
    std::memcpy(head + 8, fields, 8);
    std::fwrite(head, 1, sizeof head, file);
    std::lock_guard<std::mutex> lock(s.mu);
    s.file = file;
    s.open.store(true, std::memory_order_release);
    owner = true;
    return true;
  }
  /// Writes this thread's records and closes the file (other threads'
  /// records reach it when their buffers fill or they end, before this).
  void close() {
    if (!owner) return;
    owner = false;
    auto& s = detail::btrace::the_sink();
    s.open.store(false, std::memory_order_release);
    detail::btrace::write_chunk(detail::btrace::buffer);
    std::lock_guard<std::mutex> lock(s.mu);
    s.file = nullptr;
    file_.finish();
  }
  static bool recording() { return detail::btrace::the_sink().open.load(std::memory_order_relaxed); }

 private:
  bool owner = false;
  detail::streamed_file file_;
};

template <class F, class... A>
CASSETTE_INLINE void prehook(BinaryTracer&, const F& fn, const A&... a) {
  namespace b = detail::btrace;
  if (!BinaryTracer::recording()) return;
  std::uint32_t id = b::callee_id(fn);
  char* p = b::reserve(1 + 4 + 8 + 1 + (std::size_t{0} + ... + b::value_bytes<A>));
  p = b::put(p, trace_format::kind_enter);
  p = b::put(p, id);
  p = b::put(p, b::now_ns());
  static_assert(sizeof...(A) < 256, "a record counts its arguments in a byte");
  p = b::put(p, static_cast<std::uint8_t>(sizeof...(A)));
  ((p = b::put_value(p, a)), ...);
  b::commit(p);
}

template <class R, class F, class... A>
CASSETTE_INLINE void posthook(BinaryTracer&, const R& r, const F& fn, const A&...) {
  namespace b = detail::btrace;
  if (!BinaryTracer::recording()) return;
  std::uint32_t id = b::callee_id(fn);
  char* p = b::reserve(1 + 4 + 8 + b::value_bytes<R>);
  p = b::put(p, trace_format::kind_exit);
  p = b::put(p, id);
  p = b::put(p, b::now_ns());
  if constexpr (std::is_same_v<R, Nothing>) p = b::put(p, trace_format::tag_void);
  else if constexpr (std::is_same_v<R, Unobservable>) p = b::put(p, trace_format::tag_uncopyable);
  else p = b::put_value(p, r);
  b::commit(p);
}

/// Whole-program mode: the trace goes to $CASSETTE_TRACE (or
/// cassette-trace.bin); `%p` in it becomes the process id (output_path.hpp).
inline void whole_program_start(BinaryTracer& t) {
  std::string path = detail::output_path("CASSETTE_TRACE", "cassette-trace.bin");
  if (!t.open(path)) std::fprintf(stderr, "cassette: cannot write the trace %s\n", path.c_str());
}
inline void whole_program_finish(BinaryTracer& t) { t.close(); }

}  // namespace cassette
#pragma GCC visibility pop

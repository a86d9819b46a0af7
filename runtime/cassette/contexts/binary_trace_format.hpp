// The file cassette::BinaryTracer writes and `cassette-trace` reads
// (docs/tracer.md). All integers little-endian, records unaligned.
//
//   file    := header chunk*
//   header  := "CSTRACE1" u32 version u32 pid
//   chunk   := u32 chunk_magic u32 thread u32 bytes record*   (bytes: of the records)
//   record  := name | enter | exit
//   name    := u8 kind_name  u32 callee u32 line u16 name_len u16 file_len name file
//   enter   := u8 kind_enter u32 callee u64 ns u8 count value*  (the arguments)
//   exit    := u8 kind_exit  u32 callee u64 ns value            (the result)
//   value   := u8 tag payload   (payload by tag, below)
//
// A thread's records are in its chunks in the order they happened; a name
// record may be in another thread's chunk than the events that use it. `ns`
// is std::chrono::steady_clock's time in nanoseconds.
#pragma once
// Default visibility: see CASSETTE_VISIBLE (context.hpp).
#pragma GCC visibility push(default)

#include <cstddef>
#include <cstdint>

namespace cassette::trace_format {

inline constexpr char magic[8] = {'C', 'S', 'T', 'R', 'A', 'C', 'E', '1'};
inline constexpr std::uint32_t version = 1;
inline constexpr std::uint32_t chunk_magic = 0x48435443u;  // "CTCH"
inline constexpr std::size_t header_bytes = 16;
inline constexpr std::size_t chunk_header_bytes = 12;

enum kind : std::uint8_t { kind_name = 1, kind_enter = 2, kind_exit = 3 };

/// Value tags and their payloads.
enum tag : std::uint8_t {
  tag_opaque = 0,     // no payload: a value the tracer does not show (`_`)
  tag_void = 1,       // no payload: a function returning void
  tag_bool = 2,       // u8
  tag_char = 3,       // u8
  tag_signed = 4,     // i64
  tag_unsigned = 5,   // u64
  tag_double = 6,     // f64 (float and long double converted)
  tag_pointer = 7,    // u64
  tag_string = 8,     // u8 length, then that many bytes
  tag_string_cut = 9, // the same, the string longer than it (the first max_string bytes)
  tag_null = 10,      // no payload: a null pointer given where a string was expected, or nullptr
  tag_uncopyable = 11 // no payload: a result the call protocol cannot copy
};
inline constexpr std::uint8_t max_string = 48;

}  // namespace cassette::trace_format
#pragma GCC visibility pop

// A member of a packed class (`struct __attribute__((packed)) Header { char
// tag; unsigned len; }`) needs no more than byte alignment there: forwarded
// by reference, as an operand is, it would be a misaligned reference
// (UBSan: "reference binding to misaligned address"). Read as a value, it is
// passed as a copy, `static_cast<unsigned int>(h.len)`; as the left operand
// of `+=` it stays as written, reported. A `char` member is never misaligned.
// `#pragma pack(1)` caps its members' alignment the same way.
// OUT: pre scale(105)
// OUT-NEXT:   pre *(105, 2)
// OUT-NEXT:   post * = 210
// OUT-NEXT: post scale = 210
// OUT-NEXT: pre *(1, 1)
// OUT-NEXT: post * = 1
// OUT-NEXT: pre +(210, 1)
// OUT-NEXT: post + = 211
// OUT-NEXT: pre +(211, 6)
// OUT-NEXT: post + = 217
// OUT-NEXT: result 217 plain 217
#include "trace_context.hpp"

struct __attribute__((packed)) Header {
  char tag;
  unsigned len;
};

#pragma pack(push, 1)
struct Record {
  char kind;
  unsigned short size;
};
#pragma pack(pop)

unsigned scale(unsigned v) { return v * 2; }

int use(int x) {
  Header h{1, 100};
  Record r{2, 7};
  h.len += 5;
  r.size -= 1;
  return int(scale(h.len) + unsigned(h.tag) * unsigned(x)) + r.size;
}
// CHECK: cassette_twin_use(
// CHECK: h.len += 5;
// CHECK: r.size -= 1;
// CHECK: static_cast<unsigned int>(h.len)
// CHECK-SAME: static_cast<int>(r.size)
// REPORT: "what": "builtin +="
// REPORT-NEXT: "reason_id": "packed_member_operand"

int main() { return golden::run(CASSETTE_FN(use), 1); }

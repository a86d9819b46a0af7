// A member of a packed class (`struct __attribute__((packed)) Header { char
// tag; unsigned len; }`) needs no more than byte alignment there: forwarded
// by reference, as an operand is, it would be a misaligned reference
// (UBSan: "reference binding to misaligned address"). Read as a value, it is
// passed as a copy, `static_cast<unsigned int>(h.len)`; as the left operand
// of `+=` it stays as written, reported. A `char` member is never misaligned.
// OUT: pre scale(105)
// OUT-NEXT:   pre *(105, 2)
// OUT-NEXT:   post * = 210
// OUT-NEXT: post scale = 210
// OUT-NEXT: pre *(1, 1)
// OUT-NEXT: post * = 1
// OUT-NEXT: pre +(210, 1)
// OUT-NEXT: post + = 211
// OUT-NEXT: result 211 plain 211
#include "trace_context.hpp"

struct __attribute__((packed)) Header {
  char tag;
  unsigned len;
};

unsigned scale(unsigned v) { return v * 2; }

int use(int x) {
  Header h{1, 100};
  h.len += 5;
  return int(scale(h.len) + unsigned(h.tag) * unsigned(x));
}
// CHECK: cassette_twin_use(
// CHECK: h.len += 5;
// CHECK: static_cast<unsigned int>(h.len)
// REPORT: "what": "builtin +="
// REPORT-NEXT: "reason_id": "packed_member_operand"

int main() { return golden::run(CASSETTE_FN(use), 1); }

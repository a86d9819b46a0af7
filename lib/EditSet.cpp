#include "EditSet.h"

#include <algorithm>

namespace cassette::rewrite {

void EditSet::add(ByteRange R, Maker Make) {
  // Two edits of one range would fight; the first (outermost visited) wins.
  if (R.Begin != R.End)
    for (const Edit& E : Edits)
      if (!E.IsWrap && E.Range.Begin == R.Begin && E.Range.End == R.End) return;
  Edits.push_back({R, std::move(Make), false, {}, {}});
  Sorted = false;
}

void EditSet::wrap(ByteRange R, std::string Prefix, std::string Suffix) {
  wrap(R, [Prefix = std::move(Prefix)] { return Prefix; }, [Suffix = std::move(Suffix)] { return Suffix; });
}

void EditSet::wrap(ByteRange R, Maker Prefix, Maker Suffix) {
  Edits.push_back({R, nullptr, true, std::move(Prefix), std::move(Suffix)});
  Sorted = false;
}

void EditSet::sort() const {
  if (Sorted) return;
  // Insertions before replacements at the same offset; among replacements
  // starting together, the widest (outermost) first; then the order added
  // (an index tie-break: libstdc++ 12's std::stable_sort trips clang 19's
  // deprecation of get_temporary_buffer).
  std::vector<size_t> Order(Edits.size());
  for (size_t I = 0; I < Order.size(); ++I) Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t IA, size_t IB) {
    const Edit& A = Edits[IA];
    const Edit& B = Edits[IB];
    if (A.Range.Begin != B.Range.Begin) return A.Range.Begin < B.Range.Begin;
    bool AI = A.Range.Begin == A.Range.End, BI = B.Range.Begin == B.Range.End;
    if (AI != BI) return AI;
    if (A.Range.End != B.Range.End) return A.Range.End > B.Range.End;
    if (A.IsWrap != B.IsWrap) return A.IsWrap;  // a wrap encloses the edit of its range
    return IA < IB;
  });
  SortedEdits.clear();
  for (size_t I : Order) SortedEdits.push_back(Edits[I]);
  Sorted = true;
}

std::string EditSet::render(ByteRange R) const { return applyEdits(Buffer, R, flatten(R)); }

std::vector<FlatEdit> EditSet::flatten(ByteRange R) const {
  sort();
  auto First = std::lower_bound(SortedEdits.begin(), SortedEdits.end(), R.Begin,
                                [](const Edit& E, unsigned B) { return E.Range.Begin < B; });
  return flattenFrom(R, First - SortedEdits.begin());
}

namespace {
// Text written right after `case 1:` or `?y:` must not start a new `::`
// token with that colon (`:::` lexes as `::` `:`).
void appendApart(std::string& Out, const std::string& Text) {
  if (!Out.empty() && !Text.empty() && Out.back() == ':' && Text.front() == ':') Out += ' ';
  Out += Text;
}
}  // namespace

std::string applyEdits(llvm::StringRef Buffer, ByteRange R, const std::vector<FlatEdit>& Edits) {
  std::string Out;
  unsigned Cursor = R.Begin;
  for (const FlatEdit& E : Edits) {
    Out.append(Buffer.data() + Cursor, E.Range.Begin - Cursor);
    appendApart(Out, E.Text);
    Cursor = E.Range.End;
  }
  Out.append(Buffer.data() + Cursor, R.End - Cursor);
  return Out;
}

std::string EditSet::renderFrom(ByteRange R, size_t FirstIndex) const {
  return applyEdits(Buffer, R, flattenFrom(R, FirstIndex));
}

std::vector<FlatEdit> EditSet::flattenFrom(ByteRange R, size_t FirstIndex) const {
  std::vector<FlatEdit> Out;
  unsigned Cursor = R.Begin;
  for (size_t I = FirstIndex; I < SortedEdits.size() && SortedEdits[I].Range.Begin <= R.End; ++I) {
    const Edit& E = SortedEdits[I];
    if (E.Range.Begin < Cursor || !R.contains(E.Range)) continue;  // nested in an earlier edit
    // A wrap of an empty range would enclose the insertions at its offset, not a range.
    if (E.IsWrap && E.Range.Begin == E.Range.End) continue;
    // A wrap renders what follows it in its range: the edits nested in it.
    Out.push_back({E.Range, E.IsWrap ? E.Prefix() + renderFrom(E.Range, I + 1) + E.Suffix() : E.Make()});
    Cursor = E.Range.End;
  }
  return Out;
}

}  // namespace cassette::rewrite

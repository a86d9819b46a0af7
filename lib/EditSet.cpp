#include "EditSet.h"

#include <algorithm>

namespace cassette::rewrite {

void EditSet::add(ByteRange R, Maker Make) {
  // Two edits of one range would fight; the first (outermost visited) wins.
  if (R.Begin != R.End)
    for (const Edit& E : Edits)
      if (E.Range.Begin == R.Begin && E.Range.End == R.End) return;
  Edits.push_back({R, std::move(Make)});
  Sorted = false;
}

void EditSet::sort() const {
  if (Sorted) return;
  SortedEdits = Edits;
  // Insertions before replacements at the same offset; among replacements
  // starting together, the widest (outermost) first.
  std::stable_sort(SortedEdits.begin(), SortedEdits.end(), [](const Edit& A, const Edit& B) {
    if (A.Range.Begin != B.Range.Begin) return A.Range.Begin < B.Range.Begin;
    bool AI = A.Range.Begin == A.Range.End, BI = B.Range.Begin == B.Range.End;
    if (AI != BI) return AI;
    return A.Range.End > B.Range.End;
  });
  Sorted = true;
}

std::string EditSet::render(ByteRange R) const {
  sort();
  std::string Out;
  unsigned Cursor = R.Begin;
  auto First = std::lower_bound(SortedEdits.begin(), SortedEdits.end(), R.Begin,
                                [](const Edit& E, unsigned B) { return E.Range.Begin < B; });
  for (auto It = First; It != SortedEdits.end() && It->Range.Begin <= R.End; ++It) {
    const Edit& E = *It;
    if (E.Range.Begin < Cursor || !R.contains(E.Range)) continue;  // nested in an earlier edit
    Out.append(Buffer.data() + Cursor, E.Range.Begin - Cursor);
    Out += E.Make();
    Cursor = E.Range.End;
  }
  Out.append(Buffer.data() + Cursor, R.End - Cursor);
  return Out;
}

}  // namespace cassette::rewrite

#include "JoinRewrites.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "llvm/Support/Regex.h"

namespace cassette::rewrite {

namespace {

bool isInsertion(const FlatEdit& E) { return E.Range.Begin == E.Range.End; }

// Whether B touches code that A already edits: overlapping replacements, an
// insertion strictly inside a replacement, or two insertions at one place
// (two texts for one spot, whose order nothing decides).
bool collides(const FlatEdit& A, const FlatEdit& B) {
  bool AI = isInsertion(A), BI = isInsertion(B);
  if (AI && BI) return A.Range.Begin == B.Range.Begin;
  if (AI) return B.Range.Begin < A.Range.Begin && A.Range.Begin < B.Range.End;
  if (BI) return A.Range.Begin < B.Range.Begin && B.Range.Begin < A.Range.End;
  return A.Range.Begin < B.Range.End && B.Range.Begin < A.Range.End;
}

// An edit without the declaration places its callee identities carry:
// `::cassette::fn<"std::sqrt">()` for `::cassette::fn<"std::sqrt">("cmath",
// 463, 3)`. Units that see a header under different macros may resolve one
// call to different overloads (std::sqrt(float) and std::sqrt(double) for a
// `real_t` typedef): the call is written the same, only the place differs,
// and the joined header cannot say which, so it says none.
std::string withoutCalleePlaces(const std::string& Text) {
  static const llvm::Regex Place(
      "(::cassette::(fn<\"[^\"]*\">|indirect|member_pointer))\\(\"[^\"]*\", [0-9]+, [0-9]+\\)");
  std::string Out = Text, Error;
  for (std::string Next; (Next = Place.sub("\\1()", Out, &Error)) != Out;) Out = std::move(Next);
  return Out;
}

struct Ranked {
  FlatEdit Edit;
  size_t Source, Index;  // which unit, and where in its list
};

}  // namespace

std::optional<std::string> joinRewrites(const std::map<size_t, FileOutput>& ByUnit,
                                        std::pair<size_t, size_t>* Conflict) {
  const auto& [FirstRank, First] = *ByUnit.begin();
  if (std::all_of(ByUnit.begin(), ByUnit.end(), [&](const auto& U) { return U.second.Text == First.Text; }))
    return First.Text;
  std::vector<Ranked> Joined;
  for (size_t I = 0; I < First.Edits.size(); ++I) Joined.push_back({First.Edits[I], FirstRank, I});
  for (auto It = std::next(ByUnit.begin()); It != ByUnit.end(); ++It) {
    const auto& [Rank, Unit] = *It;
    if (Unit.Original != First.Original || Unit.PrologueWithTables != First.PrologueWithTables ||
        Unit.Epilogue != First.Epilogue) {
      if (Conflict) *Conflict = {FirstRank, Rank};
      return std::nullopt;
    }
    // Joined stays sorted by offset with no two edits colliding, so the
    // edits that may collide with one of this unit's are found by search.
    auto ByBegin = [](const Ranked& R, unsigned Offset) { return R.Edit.Range.Begin < Offset; };
    std::vector<Ranked> Added;
    for (size_t I = 0; I < Unit.Edits.size(); ++I) {
      const FlatEdit& E = Unit.Edits[I];
      auto From = std::lower_bound(Joined.begin(), Joined.end(), E.Range.Begin, ByBegin);
      if (From != Joined.begin()) --From;  // a replacement that starts before E
      bool Same = false, Collides = false;
      for (auto J = From; J != Joined.end() && J->Edit.Range.Begin <= std::max(E.Range.End, E.Range.Begin); ++J) {
        if (J->Edit == E) {
          Same = true;
        } else if (J->Edit.Range.Begin == E.Range.Begin && J->Edit.Range.End == E.Range.End &&
                   withoutCalleePlaces(J->Edit.Text) == withoutCalleePlaces(E.Text)) {
          J->Edit.Text = withoutCalleePlaces(E.Text);
          Same = true;
        } else if (collides(J->Edit, E)) {
          Collides = true;
        }
      }
      if (Same) continue;
      if (Collides) {
        if (Conflict) *Conflict = {FirstRank, Rank};
        return std::nullopt;
      }
      Added.push_back({E, Rank, I});
    }
    Joined.insert(Joined.end(), Added.begin(), Added.end());
    // By offset; at one offset insertions before a replacement; then each
    // unit's own order.
    std::sort(Joined.begin(), Joined.end(), [](const Ranked& A, const Ranked& B) {
      return std::make_tuple(A.Edit.Range.Begin, !isInsertion(A.Edit), A.Source, A.Index) <
             std::make_tuple(B.Edit.Range.Begin, !isInsertion(B.Edit), B.Source, B.Index);
    });
  }
  std::vector<FlatEdit> Edits;
  for (const Ranked& R : Joined) Edits.push_back(R.Edit);
  ByteRange Whole{0, static_cast<unsigned>(First.Original.size())};
  // The indirect-call tables, if any unit's edits take a function's address.
  bool Tables = std::any_of(ByUnit.begin(), ByUnit.end(),
                            [](const auto& U) { return U.second.Prologue == U.second.PrologueWithTables; });
  return (Tables ? First.PrologueWithTables : First.Prologue) + applyEdits(First.Original, Whole, Edits) +
         First.Epilogue;
}

}  // namespace cassette::rewrite

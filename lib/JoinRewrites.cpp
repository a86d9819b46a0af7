#include "JoinRewrites.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/xxhash.h"

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

// Whether R lies in code Unit's preprocessor skipped: an insertion strictly
// inside a skipped range (before its #if or after its #endif every unit
// reads it), a replacement within one.
bool unseenBy(const FileOutput& Unit, ByteRange R) {
  auto After = std::upper_bound(Unit.Skipped.begin(), Unit.Skipped.end(), R.Begin,
                                [](unsigned Offset, ByteRange S) { return Offset < S.Begin; });
  if (After == Unit.Skipped.begin()) return false;
  ByteRange S = *std::prev(After);
  if (R.Begin == R.End) return S.Begin < R.Begin && R.Begin < S.End;
  return R.End <= S.End;
}

// Whether Unit makes E, or an edit that differs from it only in the places
// its callee identities name (E's text may be the joined one, without them).
bool makes(const FileOutput& Unit, const FlatEdit& E) {
  auto It = std::lower_bound(Unit.Edits.begin(), Unit.Edits.end(), E.Range.Begin,
                             [](const FlatEdit& F, unsigned Offset) { return F.Range.Begin < Offset; });
  for (; It != Unit.Edits.end() && It->Range.Begin == E.Range.Begin; ++It)
    if (It->Range.End == E.Range.End && (It->Text == E.Text || withoutCalleePlaces(It->Text) == E.Text)) return true;
  return false;
}

// Edits of the join that some unit does not make though it reads that code,
// and that another unit makes, with the same text, elsewhere: one edit
// placed otherwise (snappy.cc's twin declared before an attribute macro by
// the command that defines it, after it by the one that defines it empty).
// Joined, it would be made twice; their lines go once per unit. An edit
// that only some units make and none places otherwise is what they know
// more (a twin declared where one unit sees the template's definition) and
// serves the others too; edits in code a unit skips are the others' alone.
void placedOtherwise(const std::map<size_t, FileOutput>& ByUnit, const std::vector<Ranked>& Joined,
                     std::vector<ByteRange>& Collided) {
  std::map<llvm::StringRef, std::vector<const FlatEdit*>> ByText;
  for (const Ranked& R : Joined) ByText[R.Edit.Text].push_back(&R.Edit);
  for (const auto& [Text, Edits] : ByText) {
    if (Edits.size() < 2) continue;
    for (const FlatEdit* E : Edits)
      for (const auto& [Key, Unit] : ByUnit) {
        if (unseenBy(Unit, E->Range) || makes(Unit, *E)) continue;
        for (const FlatEdit* Elsewhere : Edits)
          if (Elsewhere != E && makes(Unit, *Elsewhere)) {
            Collided.push_back(E->Range);
            Collided.push_back(Elsewhere->Range);
          }
      }
  }
}

// Whether R lies in the body of a function Unit gives no twin.
bool declinedBy(const FileOutput& Unit, ByteRange R) {
  auto After = std::upper_bound(Unit.Declined.begin(), Unit.Declined.end(), R.Begin,
                                [](unsigned Offset, ByteRange D) { return Offset < D.Begin; });
  return After != Unit.Declined.begin() && std::prev(After)->contains(R);
}

// Edits of the join in a function body that some unit reads and gives no
// twin, and does not make: another unit's twin of it (doctest's reporters'
// methods, whose lock macro takes __COUNTER__ under every command but one).
// They are not what that unit knows less, but what it chose otherwise; their
// lines go once per unit.
void declinedElsewhere(const std::map<size_t, FileOutput>& ByUnit, const std::vector<Ranked>& Joined,
                       std::vector<ByteRange>& Collided) {
  for (const Ranked& R : Joined)
    for (const auto& [Key, Unit] : ByUnit)
      if (declinedBy(Unit, R.Edit.Range) && !makes(Unit, R.Edit)) {
        Collided.push_back(R.Edit.Range);
        break;
      }
}

}  // namespace

unsigned presumedLine(llvm::StringRef Text, unsigned Offset) {
  unsigned Line = 1;
  for (llvm::StringRef Rest = Text.substr(0, Offset); !Rest.empty();) {
    auto [L, Next] = Rest.split('\n');
    if (L.size() == Rest.size()) break;  // the line Offset is on
    Rest = Next;
    llvm::StringRef D = L.ltrim();
    unsigned N = 0;
    if (D.consume_front("#") && (D = D.ltrim()).consume_front("line") && !D.ltrim().consumeInteger(10, N)) Line = N;
    else ++Line;
  }
  return Line;
}

ByteRange wholeLines(llvm::StringRef Text, ByteRange R) {
  size_t Start = Text.substr(0, R.Begin).rfind('\n');
  size_t NL = Text.find('\n', R.End > R.Begin ? R.End - 1 : R.Begin);
  return {Start == llvm::StringRef::npos ? 0u : static_cast<unsigned>(Start + 1),
          NL == llvm::StringRef::npos ? static_cast<unsigned>(Text.size()) : static_cast<unsigned>(NL + 1)};
}

bool directivesBalanced(llvm::StringRef Text) {
  int Depth = 0;
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef L = Line.ltrim();
    if (!L.consume_front("#")) continue;
    L = L.ltrim();
    if (L.starts_with("if")) ++Depth;
    else if (L.starts_with("endif") && --Depth < 0) return false;
    else if ((L.starts_with("else") || L.starts_with("elif")) && Depth == 0) return false;
  }
  return Depth == 0;
}

std::string linesByUnit(const std::vector<std::pair<std::string, std::string>>& Branches, const std::string& Else,
                        unsigned First, unsigned After) {
  std::string Line = "#line " + std::to_string(First) + "\n", Out;
  auto Lines = [](const std::string& S) { return S.empty() || S.back() == '\n' ? S : S + "\n"; };
  for (const auto& [Test, Text] : Branches) Out += (Out.empty() ? "#if " : "#elif ") + Test + "\n" + Line + Lines(Text);
  return Out + "#else\n" + Line + Lines(Else) + "#endif\n#line " + std::to_string(After) + "\n";
}

namespace {

// Whether E belongs to the lines Z: a replacement that meets them, an
// insertion from their first line's start up to (not at) their end. An
// empty zone holds the insertions at its place.
bool inZone(const FlatEdit& E, ByteRange Z, size_t TextSize) {
  if (isInsertion(E))
    return Z.Begin <= E.Range.Begin &&
           (E.Range.Begin < Z.End || (E.Range.Begin == Z.End && (Z.End == TextSize || Z.Begin == Z.End)));
  return E.Range.Begin < Z.End && E.Range.End > Z.Begin;
}

// Sorted, and joined where they meet or touch; an empty zone where the one
// before it ends stays apart (it holds insertions the other's lines would
// not).
void mergeZones(std::vector<ByteRange>& Zones) {
  std::sort(Zones.begin(), Zones.end(), [](ByteRange A, ByteRange B) { return A.Begin < B.Begin; });
  std::vector<ByteRange> Out;
  for (ByteRange Z : Zones)
    if (!Out.empty() && (Z.Begin < Out.back().End ||
                         (Z.Begin == Out.back().End && (Z.Begin != Z.End || Out.back().Begin == Out.back().End))))
      Out.back().End = std::max(Out.back().End, Z.End);
    else Out.push_back(Z);
  Zones = std::move(Out);
}

// Whether R is insertions at the start of a line (not one a backslash
// continues): their variants go between lines as they are, that line left
// to the join (a file's first line, which is doctest.cpp's `#if` that its
// last line closes).
bool betweenLines(llvm::StringRef Text, ByteRange R) {
  if (R.Begin != R.End) return false;
  llvm::StringRef Before = Text.substr(0, R.Begin);
  return Before.empty() || (Before.ends_with("\n") && !Before.drop_back().rtrim(" \t\r").ends_with("\\"));
}

// Text's tokens that span lines: block comments, raw strings, a line
// comment continued by a backslash. A zone's #if, #else and #endif lines
// inside one would be part of it, not directives (cJSON.c, a unit that tests
// include, begins with its licence in a block comment).
std::vector<ByteRange> multiLineTokens(llvm::StringRef Text) {
  clang::SourceManagerForFile Buffer("joined", Text);
  clang::SourceManager& SM = Buffer.get();
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = LO.CPlusPlus20 = true;
  clang::FileID F = SM.getMainFileID();
  clang::Lexer Raw(F, SM.getBufferOrFake(F), SM, LO);
  Raw.SetCommentRetentionState(true);
  std::vector<ByteRange> Out;
  for (;;) {
    clang::Token T;
    bool AtEnd = Raw.LexFromRawLexer(T);
    if (T.is(clang::tok::eof)) break;
    unsigned Begin = SM.getFileOffset(T.getLocation()), End = Begin + T.getLength();
    if (Text.slice(Begin, End).contains('\n')) Out.push_back({Begin, End});
    if (AtEnd) break;
  }
  return Out;
}

// The lines the units edit differently, widened to whole lines, to every
// edit of any unit that reaches into them, and past every token spanning
// lines that a zone would cut.
std::vector<ByteRange> conflictZones(const std::map<size_t, FileOutput>& ByUnit, std::vector<ByteRange> Zones) {
  llvm::StringRef Text = ByUnit.begin()->second.Original;
  for (ByteRange& Z : Zones)
    if (!betweenLines(Text, Z)) Z = wholeLines(Text, Z);
  mergeZones(Zones);
  const std::vector<ByteRange> Spanning = multiLineTokens(Text);
  auto Cuts = [](ByteRange T, unsigned At) { return T.Begin < At && At < T.End; };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (ByteRange& Z : Zones)
      for (ByteRange T : Spanning)
        if (Cuts(T, Z.Begin) || Cuts(T, Z.End)) {
          Z = wholeLines(Text, {std::min(Z.Begin, T.Begin), std::max(Z.End, T.End)});
          Changed = true;
        }
    for (const auto& [Key, Unit] : ByUnit)
      for (const FlatEdit& E : Unit.Edits)
        for (ByteRange& Z : Zones)
          if (inZone(E, Z, Text.size()) && (E.Range.Begin < Z.Begin || E.Range.End > Z.End)) {
            Z = wholeLines(Text, {std::min(Z.Begin, E.Range.Begin), std::max(Z.End, E.Range.End)});
            Changed = true;
          }
    mergeZones(Zones);
  }
  return Zones;
}

// Zone Z as each unit rewrites it, grouped by text (the first unit's group
// first), written as `#if <the other groups' units> ... #else <the first
// group's> #endif`, each text at its own line numbers.
std::optional<std::string> conditionalZone(const std::map<size_t, FileOutput>& ByUnit, ByteRange Z,
                                           const UnitCondition& Condition, std::set<size_t>* Conditioned,
                                           std::pair<size_t, size_t>* Conflict) {
  const std::string& Text = ByUnit.begin()->second.Original;
  std::vector<std::pair<std::string, std::vector<size_t>>> Groups;
  for (const auto& [Key, Unit] : ByUnit) {
    std::vector<FlatEdit> Mine;
    for (const FlatEdit& E : Unit.Edits)
      if (inZone(E, Z, Text.size())) Mine.push_back(E);
    std::string Variant = applyEdits(Text, Z, Mine);
    auto G = std::find_if(Groups.begin(), Groups.end(), [&](const auto& P) { return P.first == Variant; });
    if (G == Groups.end()) Groups.push_back({std::move(Variant), {Key}});
    else G->second.push_back(Key);
  }
  if (Groups.size() == 1) return Groups.front().first;
  auto Fail = [&](size_t Key) -> std::optional<std::string> {
    if (Conflict) *Conflict = {ByUnit.begin()->first, Key};
    return std::nullopt;
  };
  std::vector<std::pair<std::string, std::string>> Branches;
  std::set<std::string> Seen;
  for (size_t G = 1; G < Groups.size(); ++G) {
    std::string Test;
    for (size_t Key : Groups[G].second) {
      std::optional<std::string> C = Condition ? Condition(Key) : std::nullopt;
      if (!C || !Seen.insert(*C).second) return Fail(Key);
      Test += (Test.empty() ? "" : " || ") + *C;
    }
    if (!directivesBalanced(Groups[G].first)) return Fail(Groups[G].second.front());
    Branches.push_back({Test, Groups[G].first});
  }
  if (!directivesBalanced(Groups.front().first)) return Fail(Groups[1].second.front());
  std::string Out = linesByUnit(Branches, Groups.front().first, presumedLine(Text, Z.Begin), presumedLine(Text, Z.End));
  if (Conditioned)
    for (size_t G = 1; G < Groups.size(); ++G) Conditioned->insert(Groups[G].second.begin(), Groups[G].second.end());
  return Out;
}

unsigned Size(const FileOutput& U) { return static_cast<unsigned>(U.Original.size()); }

// Whether the units' insertions at the end of a main file differ. That end
// holds the anchors, which name the functions a command defines: a command
// that defines others (doctest's test sources, also built with
// DOCTEST_CONFIG_DISABLE) must not get another command's, as it would get
// an edit only the other makes elsewhere.
bool endsDiffer(const std::map<size_t, FileOutput>& ByUnit) {
  auto AtEnd = [](const FileOutput& U) {
    std::string Text;
    for (const FlatEdit& E : U.Edits)
      if (E.Range.Begin == Size(U)) Text += E.Text;
    return Text;
  };
  const FileOutput& First = ByUnit.begin()->second;
  return !First.Header &&
         std::any_of(ByUnit.begin(), ByUnit.end(), [&](const auto& U) { return AtEnd(U.second) != AtEnd(First); });
}

// Whether Unit's prologue and epilogue go with Frame's. A main file that
// another unit includes (fmt's os.cc in posix-mock-test.cc) keeps its own
// unit's (its anchors, its contexts registered, both guarded for the
// includer): Frame moves to it.
bool joinsFrame(const FileOutput*& Frame, const FileOutput& Unit, bool Conditions) {
  if (Unit.PrologueWithTables == Frame->PrologueWithTables && Unit.Epilogue == Frame->Epilogue) return true;
  if (Frame->Header == Unit.Header || !Conditions) return false;
  if (Frame->Header) Frame = &Unit;
  return true;
}

}  // namespace

std::optional<std::string> joinRewrites(const std::map<size_t, FileOutput>& ByUnit, std::pair<size_t, size_t>* Conflict,
                                        const UnitCondition& Condition, std::set<size_t>* Conditioned) {
  const auto& [FirstRank, First] = *ByUnit.begin();
  if (std::all_of(ByUnit.begin(), ByUnit.end(), [&](const auto& U) { return U.second.Text == First.Text; }))
    return First.Text;
  std::vector<Ranked> Joined;
  std::vector<ByteRange> Collided;  // where two units edit one piece of code differently
  if (Condition && endsDiffer(ByUnit)) Collided.push_back({Size(First), Size(First)});
  const FileOutput* Frame = &First;  // whose prologue and epilogue the text takes
  for (size_t I = 0; I < First.Edits.size(); ++I) Joined.push_back({First.Edits[I], FirstRank, I});
  for (auto It = std::next(ByUnit.begin()); It != ByUnit.end(); ++It) {
    const auto& [Rank, Unit] = *It;
    if (Unit.Original != First.Original || !joinsFrame(Frame, Unit, Condition != nullptr)) {
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
          Collided.push_back({std::min(J->Edit.Range.Begin, E.Range.Begin), std::max(J->Edit.Range.End, E.Range.End)});
        }
      }
      if (Same) continue;
      if (Collides) {
        if (!Condition) {
          if (Conflict) *Conflict = {FirstRank, Rank};
          return std::nullopt;
        }
        continue;  // its lines go under conditions, below
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
  placedOtherwise(ByUnit, Joined, Collided);
  if (Condition) declinedElsewhere(ByUnit, Joined, Collided);
  // The edits outside the zones in their joined order, and each zone's
  // lines as one replacement.
  std::vector<ByteRange> Zones = conflictZones(ByUnit, std::move(Collided));
  std::vector<std::pair<FlatEdit, size_t>> Ordered;
  for (const Ranked& R : Joined)
    if (std::none_of(Zones.begin(), Zones.end(), [&](ByteRange Z) { return inZone(R.Edit, Z, First.Original.size()); }))
      Ordered.push_back({R.Edit, Ordered.size()});
  for (ByteRange Z : Zones) {
    std::optional<std::string> Text = conditionalZone(ByUnit, Z, Condition, Conditioned, Conflict);
    if (!Text) return std::nullopt;
    Ordered.push_back({FlatEdit{Z, std::move(*Text)}, Ordered.size()});
  }
  std::sort(Ordered.begin(), Ordered.end(), [](const auto& A, const auto& B) {
    return std::make_tuple(A.first.Range.Begin, !isInsertion(A.first), A.second) <
           std::make_tuple(B.first.Range.Begin, !isInsertion(B.first), B.second);
  });
  std::vector<FlatEdit> Edits;
  for (auto& [E, Index] : Ordered) Edits.push_back(std::move(E));
  ByteRange Whole{0, static_cast<unsigned>(First.Original.size())};
  // The indirect-call tables, if any unit's edits take a function's address.
  bool Tables = std::any_of(ByUnit.begin(), ByUnit.end(),
                            [](const auto& U) { return U.second.Prologue == U.second.PrologueWithTables; });
  return (Tables ? Frame->PrologueWithTables : Frame->Prologue) + applyEdits(First.Original, Whole, Edits) +
         Frame->Epilogue;
}

std::string unitNumber(llvm::StringRef MainFile) {
  std::string Hex = llvm::utohexstr(static_cast<uint32_t>(llvm::xxh3_64bits(MainFile)), /*LowerCase=*/true);
  return std::string(8 - Hex.size(), '0') + Hex;
}

std::string unitCondition(llvm::StringRef MainFile) { return "CASSETTE_UNIT == 0x" + unitNumber(MainFile); }

namespace {
// The macro a -D or -U text names: `-DF(x)=x` defines F.
llvm::StringRef macroName(llvm::StringRef Text) { return Text.split('=').first.split('(').first; }

// What a command's -D and -U leave defined: name -> value ("1" for `-DX`).
std::map<std::string, std::string> definedBy(const std::vector<std::pair<std::string, bool>>& Macros) {
  std::map<std::string, std::string> Defined;
  for (const auto& [Text, Undef] : Macros) {
    llvm::StringRef Name = macroName(Text), Value = llvm::StringRef(Text).split('=').second;
    if (Undef) Defined.erase(Name.str());
    else Defined[Name.str()] = Text.find('=') == std::string::npos ? "1" : Value.str();
  }
  return Defined;
}

bool isInteger(llvm::StringRef V) {
  long long Ignored;
  return !V.trim().getAsInteger(0, Ignored);
}
}  // namespace

std::optional<std::string> commandCondition(const std::vector<std::vector<std::pair<std::string, bool>>>& Commands,
                                            size_t Index) {
  if (Index >= Commands.size()) return std::nullopt;
  std::map<std::string, std::string> Mine = definedBy(Commands[Index]);
  std::set<std::string> Tests;  // sorted: one text whatever the order found
  for (size_t Other = 0; Other < Commands.size(); ++Other) {
    if (Other == Index) continue;
    std::map<std::string, std::string> Theirs = definedBy(Commands[Other]);
    std::optional<std::string> Test;
    // The first macro, by name, that one defines and the other does not,
    // or defines to another integer.
    std::set<std::string> Names;
    for (const auto& [N, V] : Mine) Names.insert(N);
    for (const auto& [N, V] : Theirs) Names.insert(N);
    for (const std::string& N : Names) {
      auto A = Mine.find(N), B = Theirs.find(N);
      if (N == "CASSETTE_UNIT") continue;
      if (A != Mine.end() && B == Theirs.end()) Test = "defined(" + commandDefinedName(N) + ")";
      else if (A == Mine.end() && B != Theirs.end()) Test = "!defined(" + commandDefinedName(N) + ")";
      else if (A->second != B->second && isInteger(A->second) && isInteger(B->second))
        Test = "(" + N + " == " + A->second + ")";
      if (Test) break;
    }
    if (!Test) return std::nullopt;  // nothing the preprocessor sees tells them apart
    Tests.insert(*Test);
  }
  return llvm::join(Tests, " && ");
}

std::string unitDefine(llvm::StringRef MainFile) { return "-DCASSETTE_UNIT=0x" + unitNumber(MainFile); }

std::string commandDefinedName(llvm::StringRef Macro) { return "CASSETTE_COMMAND_DEFINED_" + Macro.str(); }

std::string commandMarker(const std::vector<std::vector<std::pair<std::string, bool>>>& Commands) {
  std::set<std::string> Names;  // sorted: one text whatever the commands' order
  for (const auto& Command : Commands)
    for (const auto& [Text, Undef] : Command)
      if (llvm::StringRef Name = macroName(Text); Name != "CASSETTE_UNIT") Names.insert(Name.str());
  if (Names.empty()) return "";
  // Its own guard: the parse of a unit defines CASSETTE_UNIT on its command line.
  std::string Marker = std::string(CommandMarkerStart) + "#define CASSETTE_COMMAND_MACROS\n";
  for (const std::string& N : Names) Marker += "#ifdef " + N + "\n#define " + commandDefinedName(N) + "\n#endif\n";
  return Marker + "#endif\n";
}

std::string unitMarker(llvm::StringRef MainFile,
                       const std::vector<std::vector<std::pair<std::string, bool>>>& Commands) {
  return "#ifndef CASSETTE_UNIT\n#define CASSETTE_UNIT 0x" + unitNumber(MainFile) + "\n#endif\n" +
         commandMarker(Commands);
}

}  // namespace cassette::rewrite

// Text edits over one file buffer that nest: a rewritten call renders its
// arguments, which may be rewritten calls themselves. Each edit replaces a
// byte range with text computed on demand from the renders of what it contains.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"

namespace cassette::rewrite {

struct ByteRange {
  unsigned Begin = 0, End = 0;  // [Begin, End) in the file buffer
  bool contains(ByteRange R) const { return Begin <= R.Begin && R.End <= End; }
};

/// One edit with its text made: what a file's rewrite is, below its nesting.
struct FlatEdit {
  ByteRange Range;
  std::string Text;
  bool operator==(const FlatEdit& O) const {
    return Range.Begin == O.Range.Begin && Range.End == O.Range.End && Text == O.Text;
  }
};

/// Buffer[R) with Edits (sorted, not overlapping, inside R) applied.
std::string applyEdits(llvm::StringRef Buffer, ByteRange R, const std::vector<FlatEdit>& Edits);

class EditSet {
 public:
  using Maker = std::function<std::string()>;

  explicit EditSet(llvm::StringRef Buffer) : Buffer(Buffer) {}

  /// Replace R (an insertion when empty) by whatever Make returns at render time.
  void add(ByteRange R, Maker Make);
  /// Surround whatever R renders to (its own edit, or its text with the edits
  /// inside it) with Prefix and Suffix. Wraps of one range nest: the first
  /// added is outermost.
  void wrap(ByteRange R, std::string Prefix, std::string Suffix);
  /// The same with the text made at render time (it may depend on what is
  /// only known once every unit is read).
  void wrap(ByteRange R, Maker Prefix, Maker Suffix);
  /// The text of R with every edit inside it applied (outermost edits win;
  /// they render their insides themselves).
  std::string render(ByteRange R) const;
  /// The outermost edits inside R with their text made, in order: render(R)
  /// is applyEdits over them.
  std::vector<FlatEdit> flatten(ByteRange R) const;
  llvm::StringRef text(ByteRange R) const { return Buffer.slice(R.Begin, R.End); }
  bool empty() const { return Edits.empty(); }

 private:
  struct Edit {
    ByteRange Range;
    Maker Make;
    bool IsWrap = false;
    Maker Prefix, Suffix;
  };
  llvm::StringRef Buffer;
  std::vector<Edit> Edits;
  mutable bool Sorted = true;
  void sort() const;
  std::string renderFrom(ByteRange R, size_t FirstIndex) const;
  std::vector<FlatEdit> flattenFrom(ByteRange R, size_t FirstIndex) const;
  mutable std::vector<Edit> SortedEdits;
};

}  // namespace cassette::rewrite

#!/usr/bin/env bash
# Fails if a C++ file of lib/, tool/ or runtime/ is not formatted as
# .clang-format says, listing the files and what clang-format-19 would change.
# Fix with: scripts/check-format.sh --fix   (rewrites the files in place)
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format="${CLANG_FORMAT:-clang-format-19}"
command -v "$clang_format" >/dev/null || { echo "check-format: $clang_format not found (scripts/install-deps.sh installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files 'lib/*.cpp' 'lib/*.h' 'tool/*.cpp' 'tool/*.h' \
  'runtime/*.cpp' 'runtime/*.h' 'runtime/*.hpp' 'include/*.hpp' 'examples/passes/*.cpp' 'test/passes/plugins/*.cpp')
if [ "${1:-}" = --fix ]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! "$clang_format" --dry-run --Werror "$f" 2>/dev/null; then
    bad=$((bad + 1))
    echo "== $f"
    "$clang_format" "$f" | diff -u --label "$f" --label "$f (formatted)" "$f" - | head -n 40 || true
  fi
done
if [ "$bad" -ne 0 ]; then
  echo "check-format: $bad of ${#files[@]} files are not formatted as .clang-format says;" \
    "run scripts/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"

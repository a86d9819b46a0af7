// A library header whose macro a test redefines before including it (fmt's
// FMT_ASSERT under test-assert.h): the two units expand the use in `halve`
// differently. Each unit's expansion is kept in the header under
// `#if CASSETTE_UNIT == <that unit>` (the use as written under #else), so
// the calls in both expansions are hooked; they were left as written
// ("call spelled inside a macro body") when the units disagreed. Those
// branches take lines of their own, and the `#line` after a twin still says
// the header's line as written: `line_after_halve` returns 19 in every build.
#pragma once
void fail(const char* what);
#ifndef CHECK_THAT
#define CHECK_THAT(c) ((c) ? (void)0 : fail(#c))
#endif
static int halve(int x) {
  CHECK_THAT(x % 2 == 0);
  return x / 2;
}
int wrong_line(int line);
static int line_after_halve() { return __LINE__ == 19 ? 19 : wrong_line(__LINE__); }

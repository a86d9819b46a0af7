// A header two units see under different macros (fmt's core.h under the
// FMT_ASSERT a test defines; os.cc under a mock FMT_SYSTEM): each unit
// rewrites the branch it compiles, so the twins of `area` differ. The out-dir
// keeps both, chosen by the unit that includes the header
// (`#if CASSETTE_UNIT == ...`), where it kept the first unit's and the
// other unit's branch ran as written.
#pragma once
int mul(int a, int b);
static int area(int w, int h) {
#ifdef SQUARES
  return mul(w, w);
#else
  return mul(w, h) + 0;
#endif
}
